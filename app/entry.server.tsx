import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { documentPolicy, newNonce } from "./lib/csp.server";
import { deferScripts } from "./lib/deferred-scripts.server";
import { log } from "./lib/log.server";
import { NonceContext } from "./lib/nonce";
import { RequestIdContext } from "./lib/request-id";
import { cachedRender, rememberRender, renderCacheKey } from "./lib/render-cache.server";

/**
 * React Router's default Node entry, with three changes (docs/decisions/010):
 * - the document goes through `deferScripts`, so the page's JavaScript starts after its first
 *   paint;
 * - what React writes in one go leaves in one piece, not in hundreds of 2 KB writes;
 * - catalogue pages are rendered once per distinct loader data (`render-cache.server.ts`), and
 *   sent again compressed once.
 */
export const streamTimeout = 5_000;

/**
 * A loader's, an action's or the render's unexpected error (a refusal thrown on purpose, a
 * Response, is not one): logged with its stack and the request's id, which its error page shows.
 * A request the visitor gave up on is not an error of ours.
 */
export function handleError(error: unknown, { request, context }: HandleErrorArgs) {
  if (request.signal.aborted) return;
  log.error({ err: error, reqId: context?.requestId }, "request failed");
}

type HandleErrorArgs = { request: Request; context?: AppLoadContext };

/** The analytics script's origin when the storefront's layout loads it (it is on), else null. */
function analyticsOrigin(context: EntryContext): string | null {
  const store = context.staticHandlerContext.loaderData["routes/store/layout"] as
    { analytics?: { scriptUrl: string } | null } | undefined;
  const url = store?.analytics?.scriptUrl;
  return url ? new URL(url).origin : null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // The headers a GET of this page gets, its own policy included.
    responseHeaders.set("Content-Security-Policy", documentPolicy({ nonce: newNonce() }));
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The shop's own pages (under the store layout) start their scripts after the first paint;
  // the back office and the payment pages load theirs as React Router does.
  const deferred = routerContext.staticHandlerContext.matches.some(
    (match) => match.route.id === "routes/store/layout",
  );
  const cacheKey = renderCacheKey(request, responseStatusCode, routerContext);
  const cached = cacheKey
    ? cachedRender(cacheKey, request.headers.get("accept-encoding"))
    : undefined;
  if (cached !== undefined) {
    responseHeaders.set("Content-Type", "text/html");
    responseHeaders.set(
      "Content-Security-Policy",
      documentPolicy({ hashes: cached.scriptHashes }, analyticsOrigin(routerContext)),
    );
    responseHeaders.append("Vary", "Accept-Encoding");
    // Already compressed: the compression middleware leaves it as it is.
    if (cached.encoding) responseHeaders.set("Content-Encoding", cached.encoding);
    return new Response(cached.body, { headers: responseHeaders, status: responseStatusCode });
  }

  const nonce = newNonce();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <RequestIdContext value={loadContext.requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdContext>
      </NonceContext>,
      {
        nonce,
        // Sections wrapped in Suspense (`BelowTheFold`) are written in place, in order: never
        // moved into the page later by an inline script, which a visitor without JavaScript
        // would never see.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = documentTransform(deferred, cacheKey !== null, (html) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            if (cacheKey && html && responseStatusCode === 200) {
              rememberRender(cacheKey, html);
            }
          });
          const out = new PassThrough();
          body.pipe(out);
          responseHeaders.set("Content-Type", "text/html");
          responseHeaders.set(
            "Content-Security-Policy",
            documentPolicy({ nonce }, analyticsOrigin(routerContext)),
          );
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(out), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            log.error({ err: error, reqId: loadContext.requestId }, "rendering failed");
          }
        },
      },
    );
  });
}

/**
 * Rewrites the document for deferred scripts (when `defer`), gathers what React writes within one
 * turn of the event loop into one chunk, and at the end hands `onEnd` the whole document when
 * `keep` is set. It works on React's bytes throughout: the whole document is put together only
 * when the cache asks for it.
 */
function documentTransform(
  defer: boolean,
  keep: boolean,
  onEnd: (html: (() => Uint8Array<ArrayBuffer>) | null) => void,
) {
  const rewriter = defer
    ? deferScripts()
    : { push: (chunk: Uint8Array) => chunk, end: () => new Uint8Array(0) };
  const whole: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  const emit = (stream: Transform) => {
    scheduled = undefined;
    const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    if (bytes.length) stream.push(bytes);
  };
  const add = (bytes: Uint8Array) => {
    if (!bytes.length) return;
    pending.push(bytes);
    if (keep) whole.push(bytes);
  };
  return new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      add(rewriter.push(chunk));
      scheduled ??= setImmediate(() => emit(this));
      callback();
    },
    flush(callback) {
      if (scheduled) clearImmediate(scheduled);
      add(rewriter.end());
      emit(this);
      onEnd(keep ? () => concatBytes(whole) : null);
      callback();
    },
  });
}

/**
 * The chunks as one array of its own: `Buffer.concat` may return a view of Node's shared pool,
 * which a `Response` body cannot be typed as and a kept page should not hold on to.
 */
function concatBytes(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
