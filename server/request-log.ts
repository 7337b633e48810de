import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { log } from "../app/lib/log.server";
import { httpRequestDuration } from "../app/lib/metrics.server";

/** Random bytes drawn 6 KB at a time: one call into the crypto library per 1,024 requests. */
const POOL_BYTES = 6 * 1024;
let pool = Buffer.alloc(0);
let used = 0;

/** Eight base64url characters (48 random bits), as `crypto.randomBytes(6)` gave one at a time. */
export function newRequestId(): string {
  if (used + 6 > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 6;
  return pool.toString("base64url", used - 6, used);
}

/**
 * Gives every request a short id (answered as X-Request-Id, shown on error pages as the
 * reference staff look up) and, when it has been answered, writes its one log line (request id,
 * method, route pattern, status, milliseconds; the process id is on every line) and counts it
 * in the request-duration metric. The address, its query and the headers are never logged.
 */
export function requestLog(routePattern: (path: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = newRequestId();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    // Read now: a mounted middleware (/assets) shortens the request's path while it runs.
    const path = req.path;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routePattern(path);
      // A connection cut before the answer was sent has no status of its own.
      const status = res.writableFinished ? res.statusCode : 499;
      httpRequestDuration.labels(req.method, route, String(status)).observe(ms / 1000);
      log.info(
        { reqId: requestId, method: req.method, route, status, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}
