import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "../../../scripts/shop-process";

/**
 * The listing pages as the server sends them, kept byte for byte in the tests (issue 37): work on
 * the listing's speed must leave the shopper's page as it was, or change it where intended and
 * say so by updating the snapshot (`npx vitest run --config vitest.e2e.config.ts -u` on this
 * file, after `npm run build`). A shop of its own on fresh demo data, so no other journey's
 * changes reach it. Only what differs from one build or request to the next is blanked: the
 * script nonce, the assets' content hashes and the build's version. Each tag starts a line of the
 * snapshot, so a difference reads as the element it is in (joined back, the lines are the page).
 */
const LISTINGS = [
  "/products",
  "/products?q=cloud",
  "/products?q=zzzz",
  "/mattresses?f=comfort-level-firm&sort=price-asc",
  "/mattresses?f=bed-size-queen&f=price-range-0-8000",
  "/beds?sort=rating",
  "/bedding?page=2",
  "/products?q=sealy&f=bed-size-king&sort=price-desc",
];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-listing-snapshot-"));
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "" },
    seedIfEmpty: true,
    output: "ignore",
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The page with what changes between builds and requests blanked. */
function stable(html: string, origin: string): string {
  return html
    .replaceAll(origin, "http://shop.test")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css|woff2|svg|png|webp)/g, "$1.$2")
    .replace(/("version":\s*")[0-9a-f]+(")/g, "$1$2")
    .replace(/(\\"version\\":\\")[0-9a-f]+(\\")/g, "$1$2")
    .replaceAll("><", ">\n<");
}

describe("listing pages, byte for byte", () => {
  for (const address of LISTINGS) {
    it(`sends ${address} as it did`, async () => {
      const response = await fetch(`${shop.url}${address}`, { redirect: "manual" });
      expect(response.status).toBe(200);
      const html = stable(await response.text(), shop.url);
      const name = address.replace(/^\//, "").replace(/[^\w-]+/g, "_");
      await expect(html).toMatchFileSnapshot(`./__snapshots__/listing/${name}.html`);
    });
  }

  it("sends a search it understands on to its filters", async () => {
    const response = await fetch(`${shop.url}/products?q=queen+memory+foam+under+5000`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatchInlineSnapshot(
      `"/products?f=mattress-type-memory-foam&f=bed-size-queen&f=price-range-0-5000"`,
    );
  });
});
