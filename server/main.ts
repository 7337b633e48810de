import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { parseEnv } from "../app/env.server";

const MAX_BODY_BYTES = 1024 * 1024;
/** The back office's product forms carry pictures (up to 5 MB each). */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const UPLOAD_PATHS = /^\/admin\/products(\/|$)/;

/**
 * The shop's one server process, for development (Vite middleware) and production (the built
 * app). Opens and migrates the database first, closes it on SIGTERM/SIGINT.
 */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const production = env.NODE_ENV === "production";

  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await handle.migrate();
  setDatabase(handle);
  if (process.argv.includes("--seed-if-empty")) {
    const { seedIfEmpty } = await import("../app/db/seed/seed.server");
    await seedIfEmpty({ dataDir: env.DATA_DIR });
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(compression());
  app.use((_req, res, next) => {
    // React flushes the stream after every small chunk it writes when the response can flush,
    // and each flush ends a gzip block: the home page went out at 70 KB instead of 24 KB.
    // The compressor still sends what it has whenever its buffer fills.
    (res as unknown as { flush: () => void }).flush = () => {};
    next();
  });
  app.use((req, res, next) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    // Forms carry a few kilobytes; refuse oversized bodies before anything reads them.
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > (UPLOAD_PATHS.test(req.path) ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES)) {
      res.status(413).type("text/plain").send("The request is too large.");
      return;
    }
    next();
  });
  app.get("/healthz", (_req, res) => {
    res.set("cache-control", "no-store").type("text/plain").send("ok");
  });
  app.use(
    "/media",
    express.static(path.join(env.DATA_DIR, "media"), { immutable: true, maxAge: "1y" }),
  );

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (production) {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    app.use(express.static("build/client", { maxAge: "1h" }));
    build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = () =>
      devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }
  app.use(
    createRequestHandler({
      build,
      mode: production ? "production" : "development",
      getLoadContext: (req) => ({ clientAddress: req.ip ?? "unknown" }),
    }),
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    console.log(`The shop is open at ${url}`);
  });
  // Expiring unpaid orders and re-checking pending payments (safe in several processes).
  const { startBackgroundJobs } = await import("../app/jobs.server");
  const stopJobs = startBackgroundJobs();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    stopJobs();
    server.close();
    server.closeAllConnections();
    handle
      .close()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
