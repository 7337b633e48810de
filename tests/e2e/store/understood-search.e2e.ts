import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const cards = (page: Page) => main(page).locator("article");
const titles = (page: Page) => cards(page).locator("h3").allTextContents();
const chips = (page: Page) => main(page).getByRole("list", { name: "Applied filters" });
const filters = (page: Page) => new URL(page.url()).searchParams.getAll("f").sort();

/** The price each card shows first (its smallest size), in Rand. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(text.match(/R(\d[\d,]*)/)![1]!.replace(/,/g, "")));
}

describe("a search in the shop's words", () => {
  it("shows what it understood as chips, removable by keyboard, at an address that can be shared", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products");
    await waitForHydration(page);
    const box = main(page).getByPlaceholder("Search products...");
    await box.fill("queen memory foam under 5000");
    await box.press("Enter");
    await page.waitForURL(/f=bed-size-queen/);
    expect(filters(page)).toEqual([
      "bed-size-queen",
      "mattress-type-memory-foam",
      "price-range-0-5000",
    ]);
    expect(new URL(page.url()).searchParams.get("q")).toBeNull();
    for (const name of ["Queen", "Memory Foam", "R0 - R5,000"]) {
      await chips(page)
        .getByRole("link", { name: `Remove filter ${name}` })
        .waitFor();
    }
    expect(await box.inputValue()).toBe("");
    expect(
      await page
        .locator("#filters")
        .getByLabel(/^Queen/)
        .isChecked(),
    ).toBe(true);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(Math.max(...prices)).toBeLessThanOrEqual(5000);
    const shared = page.url();
    const found = await titles(page);

    // Shared: the same address, opened on a phone without JavaScript, shows the same.
    const theirs = await browser.newPage({ ...PHONE, javaScriptEnabled: false });
    await theirs.goto(shared);
    expect(await titles(theirs)).toEqual(found);
    expect(
      await chips(theirs).getByRole("link", { name: "Remove filter Memory Foam" }).isVisible(),
    ).toBe(true);

    // By keyboard: Tab to one chip and press Enter; only that filter goes, and stays gone.
    const memoryFoam = chips(page).getByRole("link", { name: "Remove filter Memory Foam" });
    await tabTo(page, memoryFoam, { max: 160 });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => !url.search.includes("memory-foam"));
    expect(filters(page)).toEqual(["bed-size-queen", "price-range-0-5000"]);
    await chips(page).getByRole("link", { name: "Remove filter Queen" }).waitFor();
    expect(await memoryFoam.count()).toBe(0);
  });

  it("understands a misspelt search on a category page without JavaScript", async () => {
    const page = await browser.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/mattresses");
    await main(page).getByPlaceholder("Search mattresses...").fill("quen firm");
    await main(page).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/f=bed-size-queen/);
    expect(new URL(page.url()).pathname).toBe("/mattresses");
    expect(filters(page)).toEqual(["bed-size-queen", "comfort-level-firm"]);
    expect(await chips(page).getByRole("link", { name: "Remove filter Firm" }).isVisible()).toBe(
      true,
    );
    expect(await cards(page).count()).toBeGreaterThan(0);
  });

  it("shows the nearest products instead of an empty page, saying what it left out", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products?q=queen+latex+mattress+under+2000");
    await page.waitForURL(/f=price-range-0-2000/);
    const nearest = main(page).getByRole("region", {
      name: "No Queen Latex mattresses up to R2,000.",
    });
    await nearest.waitFor();
    expect(await nearest.textContent()).toContain(
      "Showing Queen Latex mattresses instead, without the price limit (up to R2,000).",
    );
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(await main(page).getByRole("heading", { name: "No products found" }).count()).toBe(0);
    const link = nearest.getByRole("link", { name: /^See all \d+ products?$/ });
    await link.click();
    await page.waitForURL((url) => !url.search.includes("price-range"));
    expect(filters(page)).toEqual(["bed-size-queen", "mattress-type-latex"]);
    await nearest.waitFor({ state: "detached" });
    expect(await cards(page).count()).toBeGreaterThan(0);
  });
});
