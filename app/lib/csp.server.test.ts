import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentPolicy, inlineScriptHashes, newNonce } from "./csp.server";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("the documents' Content-Security-Policy", () => {
  it("allows inline scripts by this response's nonce only, and never eval or framing", () => {
    const nonce = newNonce();
    expect(newNonce()).not.toBe(nonce);
    const policy = documentPolicy({ nonce });
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("allows a kept page's inline scripts by their hashes", () => {
    const html =
      '<html><head><script nonce="old">window.a = 1;</script><script type="module" src="/assets/x.js"></script>' +
      '<script type="x-deferred-module">import("/assets/y.js");</script><script></script></head></html>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual([sha256("window.a = 1;"), sha256('import("/assets/y.js");')]);
    const policy = documentPolicy({ hashes });
    expect(policy).toContain(`script-src 'self' '${hashes[0]}' '${hashes[1]}'`);
    expect(policy).not.toContain("nonce-");
  });
});
