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
 * Answers 413 and throws the rest of the body away as it arrives, so the client reads the answer:
 * closing the connection with its bytes unread would reset it under the client, which then never
 * sees the answer. Nothing is kept; after DRAIN_MS the connection is cut whatever is left.
 */
export function refuseTooLarge(req: ExpressRequest, res: ExpressResponse) {
  res.status(413).type("text/plain").send(TOO_LARGE_MESSAGE);
  const cut = setTimeout(() => req.destroy(), DRAIN_MS);
  cut.unref();
  req.once("end", () => clearTimeout(cut));
  req.once("close", () => clearTimeout(cut));
  req.resume();
}

/**
 * Reads a request's body, counting the bytes actually received (a chunked body declares no
 * length): past `limit` it stops reading and rejects with BodyTooLarge, so a 50 MB body costs
 * the server no more memory than `limit`.
 */
export function readBody(req: ExpressRequest, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const body = new Uint8Array(received);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(body);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * Express to React Router, as @react-router/express does, with two differences: the request's
 * URL is built on the shop's configured origin (`origin`), never on the Host or X-Forwarded-Host
 * headers a client writes; and the body is read first, within `bodyLimit(path)` bytes, so an
 * oversized one is answered 413 before any action parses it.
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
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        try {
          body = await readBody(req, options.bodyLimit(req.path));
        } catch (error) {
          if (!(error instanceof BodyTooLarge)) throw error;
          refuseTooLarge(req, res);
          return;
        }
      }
      const url = requestUrl(req, options.origin);
      if (!url) {
        res.status(400).type("text/plain").send("Bad request.");
        return;
      }
      const request = new Request(url, {
        method: req.method,
        headers: requestHeaders(req),
        body: body?.length ? body : undefined,
        signal: controller.signal,
      });
      const handle = servesBackOffice(req.path) ? handleAll : handleStorefront;
      const response = await handle(request, options.getLoadContext(req));
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
