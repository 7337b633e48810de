import { describe, expect, it } from "vitest";
import { baseUrl } from "../browser";

function chooseTheme(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}/theme`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ theme: "dark", ...fields }).toString(),
  });
}

describe("choosing a theme (POST /theme)", () => {
  it("goes back to the shop's own page it was chosen on", async () => {
    const response = await chooseTheme({ redirectTo: "/products?q=bed" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/products?q=bed");
    expect(response.headers.get("set-cookie")).toContain("theme=dark");
  });

  it.each([
    "/\\evil.example",
    "/\t/evil.example",
    "//evil.example",
    "https://evil.example",
    "/.//evil.example",
  ])("never sends the browser to another site (%j)", async (redirectTo) => {
    const response = await chooseTheme({ redirectTo });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(new URL(location, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
    expect(location).toBe("/");
  });

  it("refuses a post from another site, as the shop's forms do", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await chooseTheme({ redirectTo: "/" }, headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("came from another site");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const own = await chooseTheme({ redirectTo: "/" }, { origin: new URL(baseUrl()).origin });
    expect(own.status).toBe(302);
  });
});
