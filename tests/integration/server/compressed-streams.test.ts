import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainListenersThatLeave } from "../../../server/compressed-streams";

/** A long streamed answer (as a CSV export is) through compression, read slowly. */
async function streamThrough(app: express.Express) {
  app.get("/long", (_req, res) => {
    res.type("text/csv");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Random text: gzip cannot shrink it much, so the socket fills and writes wait.
        controller.enqueue(Buffer.from(crypto.randomBytes(48 * 1024).toString("base64")));
        if ((sent += 1) === 200) controller.close();
      },
    });
    void writeReadableStreamToWritable(body, res);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const bytes = await new Promise<number>((resolve, reject) => {
    http
      .get({ port, path: "/long", headers: { "accept-encoding": "gzip" } }, (response) => {
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
          response.pause();
          setTimeout(() => response.resume(), 1);
        });
        response.on("end", () => resolve(total));
      })
      .on("error", reject);
  });
  await new Promise((resolve) => server.close(resolve));
  return bytes;
}

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
beforeAll(() => {
  process.on("warning", onWarning);
});
afterAll(() => {
  process.off("warning", onWarning);
});

describe("a long answer streamed through compression", () => {
  it("leaves no drain listener behind each time it waits (no 'possible memory leak' warning)", async () => {
    const app = express();
    app.use(compression());
    app.use(drainListenersThatLeave);
    expect(await streamThrough(app)).toBeGreaterThan(1_000_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes("drain"))).toEqual([]);
  });
});
