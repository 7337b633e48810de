import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { servesBackOffice, withoutBackOffice } from "./storefront-build";

/** What the shop answers a body over its limit with, before anything parses it. */
export const TOO_LARGE_MESSAGE = "The request is too large.";

export class BodyTooLarge extends Error {}

/** How long a refused body may go on arriving (read and thrown away) before the connection is cut. */
const DRAIN_MS = 5_000;

/**
 * Throws the rest of a request's body away as it arrives, so the client reads the answer sent
 * before it: closing the connection with its bytes unread would reset it under the client, which
 * then never sees the answer. Nothing is kept; after DRAIN_MS the connection is cut whatever is
 * left.
 */
function drainBody(req: ExpressRequest) {
  if (req.complete || req.destroyed) return;
  const cut = setTimeout(() => req.destroy(), DRAIN_MS);
  cut.unref();
  req.once("end", () => clearTimeout(cut));
  req.once("close", () => clearTimeout(cut));
  req.resume();
}

/** Answers 413 and throws the rest of the body away (drainBody). */
export function refuseTooLarge(req: ExpressRequest, res: ExpressResponse) {
  res.status(413).type("text/plain").send(TOO_LARGE_MESSAGE);
  drainBody(req);
}

/** How much of a body is read ahead of the action asking for it. */
const READ_AHEAD_BYTES = 64 * 1024;

/**
 * A request's body as a stream the action reads when it asks for it (after its sign-in or
 * token check), never before: an action that refuses unread keeps none of it in memory. The
 * bytes actually received are counted (a chunked body declares no length); past `limit` the
 * stream fails with BodyTooLarge and `tooLarge()` says so, so a 50 MB body costs the server no
 * more memory than `limit`.
 */
export function streamedBody(
  req: ExpressRequest,
  limit: number,
): { stream: ReadableStream<Uint8Array>; tooLarge: () => boolean; stopReading: () => void } {
  let received = 0;
  let over = false;
  const cleanup = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      over = true;
      cleanup();
      req.pause();
      controller.error(new BodyTooLarge());
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    cleanup();
    controller.close();
  };
  const onError = (error: Error) => {
    cleanup();
    controller.error(error);
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        cleanup();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: READ_AHEAD_BYTES }),
  );
  // What the action left unread is no longer taken in; drainBody throws it away.
  const stopReading = () => cleanup();
  return { stream, tooLarge: () => over, stopReading };
}

/**
 * Express to React Router, as @react-router/express does, with two differences: the request's
 * URL is built on the shop's configured origin (`origin`), never on the Host or X-Forwarded-Host
 * headers a client writes; and the body is counted as the action reads it, within
 * `bodyLimit(path)` bytes: an oversized one is answered 413, and one the action never asks for
 * (a sign-in or token check refused it first) is thrown away unkept.
 */
export function shopRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** The origin request URLs are built on (PUBLIC_URL, or http://localhost:PORT in development). */
  origin: string;
  bodyLimit: (path: string) => number;
  getLoadContext: (req: ExpressRequest) => { clientAddress: string; requestId: string };
}) {
  const { build } = options;
  const handleAll = createRequestHandler(build, options.mode);
  const storefront = new WeakMap<ServerBuild, ServerBuild>();
  const storefrontOf = (whole: ServerBuild) => {
    let part = storefront.get(whole);
    if (!part) storefront.set(whole, (part = withoutBackOffice(whole)));
    return part;
  };
  const handleStorefront = createRequestHandler(
    typeof build === "function" ? async () => storefrontOf(await build()) : storefrontOf(build),
    options.mode,
  );
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const url = requestUrl(req, options.origin);
      if (!url) {
        res.status(400).type("text/plain").send("Bad request.");
        return;
      }
      const body =
        req.method !== "GET" && req.method !== "HEAD"
          ? streamedBody(req, options.bodyLimit(req.path))
          : undefined;
      const request = new Request(url, {
        method: req.method,
        headers: requestHeaders(req),
        body: body?.stream,
        signal: controller.signal,
        // A streamed body is sent as it arrives (Node's fetch asks for this).
        ...(body ? { duplex: "half" } : {}),
      } as RequestInit);
      const handle = servesBackOffice(req.path) ? handleAll : handleStorefront;
      const response = await handle(request, options.getLoadContext(req));
      if (body?.tooLarge()) {
        await response.body?.cancel();
        refuseTooLarge(req, res);
        return;
      }
      if (body) {
        // Before the answer is sent: a client that reads it only once its body is sent must
        // not wait on a server that no longer reads.
        body.stopReading();
        drainBody(req);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The request's address on `origin`; null for a target that is not a path (absolute-form). */
function requestUrl(req: ExpressRequest, origin: string): string | null {
  if (!req.originalUrl.startsWith("/")) return null;
  try {
    // Joined as text: `new URL("//elsewhere/x", base)` would leave the shop's origin.
    return new URL(`${origin}${req.originalUrl}`).href;
  } catch {
    return null;
  }
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

async function sendResponse(res: ExpressResponse, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The app's headers replace the defaults set before it (a page's own Content-Security-Policy
  // replaces the one for resources); only cookies add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
