import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/", "/"],
    ["/products?q=bed&f=size-queen", "/products?q=bed&f=size-queen"],
    [
      "/products/serenity-foam-bed?size=queen#reviews",
      "/products/serenity-foam-bed?size=queen#reviews",
    ],
    ["/caf\u00e9", "/caf%C3%A9"],
    ["/a/../contact", "/contact"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("keeps the same-origin path %j", (target, kept) => {
    expect(safeRedirectPath(target)).toBe(kept);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["a protocol-relative address", "//evil.example"],
    ["a backslash read as a slash", "/\\evil.example"],
    ["a backslash first", "\\\\evil.example"],
    ["a backslash later", "/a\\..\\..\\evil"],
    ["a tab browsers drop", "/\t/evil.example"],
    ["a line break browsers drop", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a NUL", "/\u0000/evil.example"],
    ["a DEL", "/\u007f/evil.example"],
    ["a space", "/ /evil.example"],
    ["a no-break space", "/\u00a0/evil.example"],
    ["a dot segment that leaves //", "/.//evil.example"],
    ["a dot-dot segment that leaves //", "/a/..//evil.example"],
    ["a javascript: address", "javascript:alert(1)"],
    ["a relative path", "products"],
    ["a data: address", "data:text/html,hi"],
    ["nothing", ""],
    ["a very long path", `/${"a".repeat(3000)}`],
    ["not text", 42],
    ["no value", null],
    ["a file, not text", new Blob(["x"])],
  ])("refuses %s", (_label, target) => {
    expect(safeRedirectPath(target)).toBe("/");
    expect(safeRedirectPath(target, "/cart")).toBe("/cart");
  });
});
