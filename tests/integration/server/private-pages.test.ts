import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isPrivatePage, securityHeaders } from "../../../server/security-headers";
import { addresses, matchedRoutes, shopBuild } from "./shop-routes";

/*
 * Pages that show someone's own data are answered `Cache-Control: private, no-store`, so neither
 * the browser's cache nor a shared one (a proxy, a CDN) keeps them: the review links' pages (a
 * buyer's first name, town and product), the checkout (a signed-in shopper's saved address and
 * e-mail), a shopper's own pages, orders and the back office.
 */

let base: string;
let close: () => void;

/** The shop's headers in front of a page that sets none of its own. */
beforeAll(async () => {
  const app = express();
  app.use(securityHeaders());
  app.use((_req, res) => {
    res.type("text/html").send("<p>page</p>");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const cacheControlOf = async (path: string) =>
  (await fetch(`${base}${path}`)).headers.get("cache-control");

const TOKEN = "Zk3q9x_Abc-123456789012345678901234567890";

describe("Cache-Control", () => {
  it.each([
    `/reviews/write/${TOKEN}`,
    `/reviews/write/${TOKEN}.data`,
    `/reviews/stop/${TOKEN}`,
    `/reviews/stop/${TOKEN}.data`,
    "/checkout",
    "/checkout.data",
    "/checkout/",
    "/products/serenity-foam-bed/review",
    "/products/serenity-foam-bed/review.data",
    "/account",
    "/account/orders/1042",
    "/orders/1042",
    "/admin/orders",
    "/admin-login",
    // React Router finds the same page decoded and whatever the case.
    "/CHECKOUT",
    `/Reviews/Write/${TOKEN}`,
    "/%63heckout",
    `/reviews/%77rite/${TOKEN}`,
  ])("is private, no-store on %s", async (path) => {
    expect(await cacheControlOf(path)).toBe("private, no-store");
  });

  it.each(["/", "/products", "/products/serenity-foam-bed", "/contact", "/reviews"])(
    "is left to the page on the public %s",
    async (path) => {
      expect(await cacheControlOf(path)).toBeNull();
    },
  );
});

/** The routes whose pages show someone's own data (React Router's ids, from app/routes.ts). */
const PRIVATE_ROUTE =
  /^routes\/(admin|account|auth)\/|^routes\/store\/(order|order-invoice|order-credit-note|checkout|review-write|review-stop|product-review)$/;

describe("every address of a private route", () => {
  it("is private, its data request too, however it is written", () => {
    // React Router warns of each address it cannot decode (%ZZ): expected here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const build = shopBuild();
    const missed: string[] = [];
    let checked = 0;
    for (const address of addresses(build)) {
      const matches = matchedRoutes(build, address);
      const page = matches?.at(-1)?.id;
      if (!page || !PRIVATE_ROUTE.test(page)) continue;
      checked++;
      const data = `${address.replace(/\/+$/, "")}.data`;
      for (const path of [address, data])
        if (!isPrivatePage(path)) missed.push(`${path} (${page})`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(missed).toEqual([]);
  });
});
