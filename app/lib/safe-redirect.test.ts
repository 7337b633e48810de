import { describe, expect, it } from "vitest";
import {
  requestedPage,
  safeBackOfficePath,
  safeRedirectPath,
  staffSignInPath,
} from "./safe-redirect";

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

describe("safeBackOfficePath", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/orders/1002", "/admin/orders/1002"],
    ["/admin/orders?status=paid&page=2", "/admin/orders?status=paid&page=2"],
    ["/admin/customers/g-1001#orders", "/admin/customers/g-1001#orders"],
    ["/admin/orders/../products", "/admin/products"],
    ["/admin/%2F%2Fevil.example", "/admin/%2F%2Fevil.example"],
  ])("keeps the back-office page %j", (target, kept) => {
    expect(safeBackOfficePath(target)).toBe(kept);
  });

  it.each([
    ["the storefront", "/products"],
    ["the home page", "/"],
    ["the sign-in page itself", "/admin-login"],
    ["the code step", "/admin-login/two-factor"],
    ["a path that only starts like it", "/administrator"],
    ["a dot-dot segment out of /admin", "/admin/../products"],
    ["an encoded dot-dot segment out of /admin", "/admin/%2e%2e/products"],
    ["another site", "https://evil.example/admin"],
    ["a protocol-relative address", "//evil.example/admin"],
    ["a backslash", "/admin\\..\\..\\evil"],
    ["a backslash read as a slash", "/\\evil.example/admin"],
    ["an encoded address, not a path", "%2F%2Fevil.example%2Fadmin"],
    ["a tab", "/admin/\t/evil"],
    ["a javascript: address", "javascript:alert(1)//admin"],
    ["nothing", ""],
    ["no value", null],
  ])("refuses %s", (_label, target) => {
    expect(safeBackOfficePath(target)).toBeNull();
  });
});

describe("staffSignInPath and requestedPage", () => {
  it("carries the page asked for, encoded, and nothing for the dashboard or a refused one", () => {
    expect(staffSignInPath("/admin/orders/1002")).toBe(
      "/admin-login?next=%2Fadmin%2Forders%2F1002",
    );
    expect(staffSignInPath("/admin/orders?status=paid")).toBe(
      "/admin-login?next=%2Fadmin%2Forders%3Fstatus%3Dpaid",
    );
    expect(staffSignInPath("/admin")).toBe("/admin-login");
    expect(staffSignInPath("//evil.example")).toBe("/admin-login");
    expect(staffSignInPath(null)).toBe("/admin-login");
    expect(staffSignInPath("/admin/orders/7", "/admin-login/two-factor")).toBe(
      "/admin-login/two-factor?next=%2Fadmin%2Forders%2F7",
    );
  });

  it("reads the page a request asked for without React Router's data suffix and query", () => {
    expect(requestedPage("http://shop.test/admin/orders/1002")).toBe("/admin/orders/1002");
    expect(requestedPage("http://shop.test/admin/orders/1002.data?_routes=routes%2Fadmin")).toBe(
      "/admin/orders/1002",
    );
    expect(requestedPage("http://shop.test/admin/orders?status=paid&index")).toBe(
      "/admin/orders?status=paid",
    );
  });
});
