import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { useBrowser, waitForHydration } from "../browser";

/**
 * The shop as `npm run demo` serves it: its address is http://localhost:PORT, and a visitor who
 * types http://127.0.0.1:PORT instead must still be able to use every form.
 */
const browser = useBrowser();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-canonical-"));
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "" },
    seedIfEmpty: true,
    output: "ignore",
    publicHost: "localhost",
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the shop's one address", () => {
  it("takes a visitor from 127.0.0.1 to localhost, where the Admin Portal signs in", async () => {
    const loopback = shop.url.replace("localhost", "127.0.0.1");
    const page = await browser.newPage({ baseURL: loopback });
    await page.goto(`${loopback}/admin-login?from=typed`);
    expect(page.url()).toBe(`${shop.url}/admin-login?from=typed`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${shop.url}/admin`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  });

  it("refuses a form from another site with the shop's own page", async () => {
    const page = await browser.newPage({ baseURL: shop.url });
    // A page elsewhere that posts to the shop, as a forged form would.
    await page.route("http://elsewhere.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${shop.url}/newsletter"><input name="email" value="a@example.com"><button>Go</button></form>`,
      }),
    );
    await page.goto("http://elsewhere.test/");
    const [answer] = await Promise.all([
      page.waitForResponse(`${shop.url}/newsletter`),
      page.getByRole("button", { name: "Go" }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await page.getByRole("heading", { name: "Not allowed" }).waitFor();
    await page.getByText("This request came from another site").waitFor();
  });
});
