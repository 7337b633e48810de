import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request header naming the instance that must answer ("a", "b"): tests pin a visitor. */
export const PIN_HEADER = "x-test-instance";

export type ServedRequest = { instance: string; method: string; path: string; status: number };

export type RoundRobinProxy = {
  url: string;
  /** Where requests go, by the instance's name; set once the instances have started. */
  targets: Map<string, string>;
  /** Every request answered, in order, with the instance that answered it. */
  served: ServedRequest[];
  close(): Promise<void>;
};

/**
 * A load balancer in miniature on a free loopback port: each request goes to the next instance
 * in turn (or to the one PIN_HEADER names), with its Host header kept, and its answer says who
 * served it (X-Served-By).
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const targets = new Map<string, string>();
  const served: ServedRequest[] = [];
  // A connection per request: a kept-alive socket the shop closes as idle (its keep-alive
  // timeout) while the proxy reuses it would fail that request with a 502, which in a browser is
  // a script that never loads (a page that never hydrates). Real balancers retry; this one need not.
  const agent = new http.Agent({ keepAlive: false });
  let turn = 0;
  const server = http.createServer((req, res) => {
    const names = [...targets.keys()];
    const pinned = req.headers[PIN_HEADER];
    const instance = typeof pinned === "string" ? pinned : names[turn++ % names.length]!;
    const target = targets.get(instance);
    if (!target) {
      res.writeHead(502).end(`No instance ${instance}`);
      return;
    }
    const headers = { ...req.headers };
    delete headers[PIN_HEADER];
    const upstream = http.request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers, agent },
      (answer) => {
        served.push({
          instance,
          method: req.method ?? "GET",
          path: req.url ?? "/",
          status: answer.statusCode ?? 0,
        });
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": instance });
        answer.pipe(res);
      },
    );
    upstream.once("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
