import { describe, expect, it } from "vitest";
import { deferredBootScript, INERT_MODULE_SCRIPT, INERT_MODULEPRELOAD } from "./deferred-scripts";
import { deferScripts } from "./deferred-scripts.server";

const DOCUMENT =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Beds ★★★★★ rated</p>' +
  '<script>window.x = 1;</script><script type="module" async="">import "/assets/a.js";</script></body></html>';

/** The document written in chunks of `size` bytes (cutting characters in two), rewritten. */
function rewriteInChunks(html: string, size: number): string {
  const bytes = new TextEncoder().encode(html);
  const rewriter = deferScripts();
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(rewriter.push(bytes.subarray(i, i + size)));
  out.push(rewriter.end());
  return Buffer.concat(out).toString("utf8");
}

// React writes quotes in text and attribute values as &quot;, so the markers only match tags.
describe("deferScripts", () => {
  it("makes module preloads and the boot module inert, and nothing else", () => {
    const out = rewriteInChunks(DOCUMENT, 1 << 20);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('<script type="module"');
    expect(out.split(INERT_MODULEPRELOAD)).toHaveLength(3);
    expect(out).toContain(
      `<script ${INERT_MODULE_SCRIPT} async="">import "/assets/a.js";</script>`,
    );
    expect(out).toContain('<link rel="stylesheet" href="/s.css"/>');
    expect(out).toContain("<script>window.x = 1;</script>");
    expect(out).toContain("<p>Beds ★★★★★ rated</p>");
  });

  it("leaves a document without markers as it is", () => {
    const plain = "<html><body><p>Queen ★ bed</p></body></html>";
    expect(rewriteInChunks(plain, 5)).toBe(plain);
  });

  it("gives the same document whatever the chunk boundaries", () => {
    const whole = rewriteInChunks(DOCUMENT, 1 << 20);
    for (const size of [1, 2, 3, 7, 13, 19, 20, 21, 64]) {
      expect(rewriteInChunks(DOCUMENT, size)).toBe(whole);
    }
  });
});

describe("deferredBootScript", () => {
  it("is valid JavaScript that looks for the inert markers", () => {
    expect(() => new Function(deferredBootScript)).not.toThrow();
    expect(deferredBootScript).toContain(INERT_MODULEPRELOAD);
    expect(deferredBootScript).toContain(INERT_MODULE_SCRIPT);
    expect(deferredBootScript).not.toMatch(/^\s*\/\//m);
  });
});
