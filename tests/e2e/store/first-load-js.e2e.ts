import { describe, expect, it } from "vitest";
import { firstLoadJsKb } from "../../../bench/first-load-js";
import { baseUrl } from "../browser";

/**
 * The JavaScript a phone downloads before a storefront page works, as Lighthouse counts it
 * (compressed, with each file's headers): at most 115 KB (issue 14; decision 011). React, React
 * DOM and React Router are about 92 KB of it, so a page has some 23 KB of its own, and each
 * file costs its headers too. A byte count, the same on every run: when a change crosses the
 * line, make room (a module reached from the store layout or the root lands on every page;
 * `vite.chunks.ts`), do not raise it.
 */
const LINE_KB = 115;
const PAGES = [
  "/",
  "/products",
  "/mattresses",
  "/products/serenity-foam-bed",
  "/cart",
  "/about",
  "/contact",
  "/faq",
  "/consultation",
  "/terms",
  "/account/sign-in",
];
/**
 * The checkout is over the line (delivery days, addresses and the lay-by's schedule since
 * 24 November): held where it is until it is brought under.
 */
const CHECKOUT_HELD_KB = 122;

describe("first-load JavaScript", () => {
  it(`stays within ${LINE_KB} KB on the storefront's pages`, async () => {
    const counted = await firstLoadJsKb([...PAGES, "/checkout"].map((p) => `${baseUrl()}${p}`));
    const kb = (page: string) => counted.get(`${baseUrl()}${page}`)!.kb;
    const over = PAGES.filter((p) => kb(p) > LINE_KB).map((p) => `${p}: ${kb(p).toFixed(1)} KB`);
    expect(over).toEqual([]);
    expect(kb("/checkout")).toBeLessThanOrEqual(CHECKOUT_HELD_KB);
  }, 60_000);
});
