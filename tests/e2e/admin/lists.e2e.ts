import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { useBrowser, waitForHydration } from "../browser";
import { signInAsOwner } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const rowTexts = (page: Page, testId: string, column: number) =>
  page
    .getByTestId(testId)
    .evaluateAll(
      (rows, n) => rows.map((row) => row.querySelectorAll("td")[n]?.textContent?.trim() ?? ""),
      column,
    );
const rand = (text: string) => Number(text.replace(/[^\d.]/g, ""));

describe("the back office's lists", () => {
  it("sorts, filters, pages and exports the products from the URL, by keyboard too", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/products");
    await waitForHydration(admin);
    const heading = admin.getByRole("heading", { name: /^Products \(\d+\)$/ });
    const total = Number((await heading.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(40);
    expect(await admin.getByTestId("product-row").count()).toBe(20);
    await admin.getByText(`Showing 1–20 of ${total} products`).waitFor();

    // Sort by price: the header is a link; a second click reverses.
    const priceHeader = admin.getByRole("columnheader", { name: /Price/ });
    await admin.getByRole("link", { name: /^Price/ }).click();
    await admin.waitForURL(/sort=price&dir=asc/);
    await priceHeader.and(admin.locator('[aria-sort="ascending"]')).waitFor();
    const ascending = (await rowTexts(admin, "product-row", 4)).map(rand);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await admin.getByRole("columnheader", { name: /Price/ }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
    await admin.getByRole("link", { name: /^Price/ }).click();
    await admin.waitForURL(/sort=price&dir=desc/);
    await priceHeader.and(admin.locator('[aria-sort="descending"]')).waitFor();
    const descending = (await rowTexts(admin, "product-row", 4)).map(rand);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    // The next page, by keyboard; the sort is kept.
    await admin.getByRole("link", { name: "Next page" }).focus();
    await admin.keyboard.press("Enter");
    await admin.waitForURL(/page=2/);
    expect(admin.url()).toContain("sort=price&dir=desc");
    await admin.getByText(`Showing 21–40 of ${total} products`).waitFor();
    await admin.getByRole("link", { name: "Last page" }).click();
    await admin.getByText(new RegExp(`of ${total} products`)).waitFor();
    // On the last page there is no next one: the control says so and goes nowhere.
    await admin.locator('[aria-label="Next page"][aria-disabled="true"]').waitFor();
    expect(await admin.locator('a[aria-label="Next page"]').count()).toBe(0);

    // A search and a status filter start again at page 1 and keep the sort.
    await admin.getByLabel("Search products").fill("mattress");
    await admin.getByLabel("Status").selectOption("active");
    await admin.getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/q=mattress/);
    expect(admin.url()).toContain("status=active");
    expect(admin.url()).not.toContain("page=");
    await heading.and(admin.getByRole("heading", { name: `Products (${total})` })).waitFor({
      state: "detached",
    });
    const found = Number((await heading.textContent())!.match(/\d+/)![0]);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);

    // The export holds exactly what the filters show.
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = (await fs.readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe("SKUs,Product Name,Category,Description,Price (ZAR),Cost (ZAR),Status");
    expect(lines.length - 1).toBe(found);
    expect(lines.slice(1).every((line) => line.endsWith(",active"))).toBe(true);

    // Nothing found: the empty state, not a table.
    await admin.goto("/admin/products?q=no-such-product-anywhere");
    await admin.getByText("No products found").waitFor();
    expect(await admin.getByRole("table").count()).toBe(0);
  });

  it("works without JavaScript: the search and filter are a plain form", async () => {
    const signedIn = await browser.newPage(DESKTOP);
    await signInAsOwner(signedIn);
    const admin = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    await admin.context().addCookies(await signedIn.context().cookies());
    await admin.goto("/admin/orders?sort=total&dir=desc");
    await admin.getByLabel("Status").selectOption({ label: "Awaiting payment" });
    await admin.getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/status=awaiting_payment/);
    expect(admin.url()).toContain("sort=total&dir=desc");
    const statuses = await rowTexts(admin, "order-row", 5);
    expect(statuses.every((s) => /^Awaiting (payment|quote)$/.test(s))).toBe(true);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility finding in the ${colorScheme} theme`, async () => {
      const admin = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(admin);
      for (const path of [
        "/admin/orders",
        "/admin/orders?status=cancelled&sort=total&dir=asc",
        "/admin/orders?q=nobody-at-all",
        "/admin/products",
        "/admin/products?sort=name&dir=desc&page=2",
      ]) {
        await admin.goto(path);
        await waitForHydration(admin);
        expect(await seriousA11yViolations(admin), path).toEqual([]);
      }
    });
  }
});
