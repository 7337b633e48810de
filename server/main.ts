import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import compression from "compression";
import { drainListenersThatLeave } from "./compressed-streams";
import express from "express";
import type { ServerBuild } from "react-router";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { parseEnv, settleEnv, type Env } from "../app/env.server";
import { siteUrl } from "../app/lib/site-url.server";
import { canonicalAddress } from "./canonical-address";
import { log } from "../app/lib/log.server";
import { keptCompressedAssets } from "./kept-assets";
import { mediaRoute } from "./media-route";
import { mediaStore } from "../app/lib/configured-media-store.server";
import { MEDIA_GATES } from "../app/domain/reviews/shown-photos.server";
import { metricsEndpoint, serveClusterMetrics } from "./metrics-endpoint";
import { requestLog } from "./request-log";
import { routePatterns } from "./route-pattern";
import { sendShopErrorPage } from "./shop-error-page";
import { refuseTooLarge, shopRequestHandler } from "./request-handler";
import { securityHeaders } from "./security-headers";
import { workerEnv, workerExecArgv } from "./worker-settings";

/**
 * How far V8 lets its heap grow past what was live at the last full collection before it
 * collects again: twice that, instead of up to four times while the process is busy. Under a
 * load of distinct listings each process's memory peaked at 255-310 MB with V8's default and
 * 218-234 MB with this, at the same requests per second (bench/README.md). Read by V8 at each
 * collection, so setting it as the process starts is enough.
 */
v8.setFlagsFromString("--heap-growing-percent=100");

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The back office's product forms carry pictures (up to 5 MB each), the driver's a photo, a
 * review up to three photos (8 MB each).
 */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const UPLOAD_PATHS =
  /^\/(admin\/(products|deliveries\/my-run)|reviews\/write\/[^/]+|products\/[^/]+\/review)(\/|\.data$|$)/;
const bodyLimit = (path: string) => (UPLOAD_PATHS.test(path) ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES);
/** On SIGTERM, how long requests under way may take before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  settleEnv();

  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await handle.migrate();
  setDatabase(handle);
  // Under WEB_CONCURRENCY the primary process has seeded already.
  if (cluster.isPrimary) {
    if (process.argv.includes("--seed-if-empty")) {
      const { seedIfEmpty } = await import("../app/db/seed/seed.server");
      await seedIfEmpty({ dataDir: env.DATA_DIR });
    }
    await refuseDemoOwner(env, () => handle.close());
  }
  await refuseUnreadableSecrets(env, () => handle.close());

  // Set on SIGTERM/SIGINT: answers then say `Connection: close`, so kept-alive clients go.
  let closing = false;
  let currentBuild: ServerBuild | undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(requestLog(routePatterns(() => currentBuild)));
  app.use(compression());
  app.use(drainListenersThatLeave);
  app.use((_req, res, next) => {
    // React flushes the stream after every small chunk it writes when the response can flush,
    // and each flush ends a gzip block: the home page went out at 70 KB instead of 24 KB.
    // The compressor still sends what it has whenever its buffer fills.
    (res as unknown as { flush: () => void }).flush = () => {};
    next();
  });
  app.use(securityHeaders());
  app.use((req, res, next) => {
    if (closing) res.set("Connection", "close");
    // Forms carry a few kilobytes: a body that says it is larger is refused unread. One that
    // does not say (chunked) is counted as it is read (shopRequestHandler).
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > bodyLimit(req.path)) {
      refuseTooLarge(req, res);
      return;
    }
    next();
  });
  app.get("/healthz", (_req, res) => {
    res.set("cache-control", "no-store").type("text/plain").send("ok");
  });
  // Prometheus, like a load balancer, calls by address; everything else is on the shop's one
  // address.
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN));
  app.use(canonicalAddress(siteUrl(env)));
  // The stored images: from the data folder, or streamed from the object storage (MEDIA_STORE).
  // A review's photos only while it is published (MEDIA_GATES).
  app.use("/media", mediaRoute(mediaStore({ dataDir: env.DATA_DIR }, env), MEDIA_GATES));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (production) {
    // BUILD_DIR: the folder `react-router build` wrote to (see react-router.config.ts).
    const buildDir = process.env.BUILD_DIR || "build";
    const assetsDir = path.join(buildDir, "client/assets");
    app.use(
      "/assets",
      keptCompressedAssets(assetsDir),
      express.static(assetsDir, { immutable: true, maxAge: "1y" }),
    );
    // The other files of the client folder (public/: the favicon) are looked up on disk only
    // for their own addresses, not for every page.
    const clientDir = path.join(buildDir, "client");
    const clientFiles = express.static(clientDir, { maxAge: "1h" });
    const topNames = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets"));
    app.use((req, res, next) => {
      if (topNames.has(req.path.split("/")[1] ?? "")) clientFiles(req, res, next);
      else next();
    });
    build = currentBuild = (await import(path.resolve(buildDir, "server/index.js"))) as ServerBuild;
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = async () =>
      (currentBuild = (await devServer.ssrLoadModule(
        "virtual:react-router/server-build",
      )) as ServerBuild);
  }
  app.use(
    shopRequestHandler({
      build,
      mode: production ? "production" : "development",
      origin: siteUrl(env),
      bodyLimit,
      getLoadContext: (req) => ({
        clientAddress: req.ip ?? "unknown",
        requestId: String(req.res?.locals.requestId ?? ""),
      }),
    }),
  );
  // Whatever failed before or outside React Router: logged with its stack, answered with the
  // shop's own page and the request's reference, never Express's default error page.
  app.use(
    (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
      const reqId = String(res.locals.requestId ?? "");
      log.error({ err: error, reqId, method: req.method }, "request failed");
      if (res.headersSent) {
        next(error);
        return;
      }
      sendShopErrorPage(res, 500, {
        title: "Something went wrong",
        message: "Something went wrong on our side. Please try again.",
      });
    },
  );

  // Expiring unpaid orders and re-checking pending payments (safe in several processes). Loaded
  // before the port opens: from the first answer on, SIGTERM finds its handler below (a stop
  // that came while this import ran would have killed the process without closing the database).
  const { startBackgroundJobs } = await import("../app/jobs.server");
  const server = app.listen(env.PORT, env.HOST, () => {
    log.info(`The shop is open at ${siteUrl(env)}`);
  });
  const stopJobs = startBackgroundJobs();

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing`);
    const jobsStopped = stopJobs();
    // No new connections; requests under way are answered (for up to SHUTDOWN_GRACE_MS) before
    // the database closes under them, and kept-alive connections close once they fall idle.
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearTimeout(force);
      jobsStopped
        .then(() => handle.close())
        .catch((error: unknown) => log.error({ err: error }, "Closing failed"))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * With WEB_CONCURRENCY > 1 (production, PostgreSQL only) this process migrates the database,
 * then starts that many copies of `main` sharing the port (node cluster) and stops them on
 * SIGTERM/SIGINT. The copies keep no state of their own (see DESIGN.md, "Scale-out").
 */
async function primary(workers: number) {
  const env = parseEnv();
  if (!env.DATABASE_URL || env.NODE_ENV !== "production") {
    console.error("WEB_CONCURRENCY above 1 needs NODE_ENV=production and DATABASE_URL.");
    process.exit(1);
  }
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await handle.migrate();
  setDatabase(handle);
  if (process.argv.includes("--seed-if-empty")) {
    const { seedIfEmpty } = await import("../app/db/seed/seed.server");
    await seedIfEmpty({ dataDir: env.DATA_DIR });
  }
  await refuseDemoOwner(env, () => handle.close());
  await refuseUnreadableSecrets(env, () => handle.close());
  await handle.close();

  serveClusterMetrics();
  let closing = false;
  const listening = new Set<number>();
  cluster.on("listening", (worker) => listening.add(worker.id));
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const fork = () => cluster.fork(workerEnv(process.env));
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!listening.has(worker.id)) {
      // It never started (a bad setting, the port taken): another copy would fail the same way.
      log.error(`A server process could not start (${code}); stopping.`);
      process.exitCode = 1;
      shutdown("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    log.error(`Server process ${worker.process.pid} stopped (${code}); starting another.`);
    fork();
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * Payment secrets saved in the settings need the key they were encrypted with: without it in
 * production, or with a key that cannot open them, the shop does not start and says why (a
 * rotation with SETTINGS_ENCRYPTION_KEY_PREVIOUS re-encrypts them here first).
 */
async function refuseUnreadableSecrets(env: Env, closeDatabase: () => Promise<void>) {
  const { checkStoredSecrets } = await import("../app/domain/settings/payment-settings.server");
  const { SettingsKeyError } = await import("../app/domain/settings/settings-secrets.server");
  try {
    const { reencrypted } = await checkStoredSecrets(env);
    if (reencrypted > 0) {
      log.info(
        `Re-encrypted ${reencrypted} saved secrets with the current SETTINGS_ENCRYPTION_KEY.`,
      );
    }
  } catch (error) {
    if (!(error instanceof SettingsKeyError)) throw error;
    console.error(`The shop will not start: ${error.message}`);
    await closeDatabase();
    process.exit(1);
  }
}

/**
 * A shop in production must not start while the demo owner can still sign in with the public
 * demo password, unless it is the demo (ALLOW_DEMO_OWNER=true, which `npm run demo` sets).
 */
async function refuseDemoOwner(env: Env, closeDatabase: () => Promise<void>) {
  if (env.NODE_ENV !== "production" || env.ALLOW_DEMO_OWNER) return;
  const { demoOwnerHasDemoPassword } = await import("../app/domain/auth/demo-owner.server");
  if (!(await demoOwnerHasDemoPassword())) return;
  const { DEMO_OWNER } = await import("../app/domain/auth/demo-owner");
  console.error(
    `The demo owner ${DEMO_OWNER.email} can still sign in with the public demo password, so the shop will not start. ` +
      `Give it a password of its own (npm run admin:create -- --email ${DEMO_OWNER.email} --password ...) or delete the account; ` +
      "for a demo, set ALLOW_DEMO_OWNER=true.",
  );
  await closeDatabase();
  process.exit(1);
}

function start(): Promise<void> {
  if (!cluster.isPrimary) return main();
  let workers = 1;
  try {
    workers = parseEnv().WEB_CONCURRENCY;
  } catch {
    // main() reports the bad variable
  }
  return workers > 1 ? primary(workers) : main();
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
