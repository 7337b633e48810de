import { createHash, randomBytes } from "node:crypto";
import { paymentProviders } from "~/domain/payments/providers.server";
import { mediaOrigin } from "./configured-media-store.server";

/** A fresh nonce for one document's inline scripts. */
export function newNonce(): string {
  return randomBytes(18).toString("base64");
}

/**
 * The documents' Content-Security-Policy. Scripts come from the shop itself and, inline, only
 * with this response's nonce or, for a page sent again from the render cache, with the hash of
 * each of its inline scripts (a kept page's nonce was in an earlier response: it proves nothing).
 * No `unsafe-eval`; no framing; forms post to the shop and to the configured payment providers'
 * pages only.
 */
export function documentPolicy(
  scripts: { nonce: string } | { hashes: readonly string[] },
  /**
   * The analytics service's origin, only when the owner switched analytics on and this page
   * loads its script (Settings, Integrations): its script may run and send its events there.
   */
  analyticsOrigin?: string | null,
): string {
  const scriptSources =
    "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((h) => `'${h}'`);
  if (analyticsOrigin) scriptSources.push(analyticsOrigin);
  const connectSources = ["'self'"];
  if (process.env.NODE_ENV !== "production") connectSources.push("ws:");
  if (analyticsOrigin) connectSources.push(analyticsOrigin);
  const formTargets = paymentProviders().flatMap((p) => p.pageOrigins);
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // React sets style attributes (a slider's range, a rating's width) and toasts add a style
    // element: inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Images may come from a CDN in front of the object storage (MEDIA_PUBLIC_URL).
    `img-src 'self' data: blob: ${mediaOrigin() ?? ""}`.trim(),
    "font-src 'self' data:",
    // Development: Vite's hot reload talks over its own WebSocket.
    `connect-src ${connectSources.join(" ")}`,
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** For everything that is not a page (data, images, scripts): nothing may run or frame it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hash sources ('sha256-…') of every inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const text = match[1] ?? "";
    if (text === "") continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
