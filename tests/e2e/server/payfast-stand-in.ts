import http from "node:http";
import type { AddressInfo } from "node:net";

/** The merchant id the stand-in accepts; any other id is refused as PayFast refuses one. */
export const STAND_IN_MERCHANT_ID = "10000100";

/**
 * A local stand-in for PayFast's API, for "Test the PayFast connection" in the journeys: its
 * /ping answers for the merchant id above when the request is signed, 401 otherwise, and every
 * other address 404. The e2e shops are pointed at it (PAYFAST_API_URL); no journey pays with it.
 */
export async function startPayfastStandIn() {
  const server = http.createServer((req, res) => {
    req.resume();
    const signed = typeof req.headers.signature === "string" && req.headers.signature !== "";
    if (req.method === "GET" && req.url?.startsWith("/ping")) {
      const accepted = signed && req.headers["merchant-id"] === STAND_IN_MERCHANT_ID;
      res.writeHead(accepted ? 200 : 401, { "Content-Type": "application/json" });
      res.end(accepted ? '"API v1"' : '{"status":"failed"}');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
