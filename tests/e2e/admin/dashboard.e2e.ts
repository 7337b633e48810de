import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { signInAsOwner } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const board = (page: Page) => page.getByRole("list", { name: "Today" });

/** The figure a Today link says ("3 stock levels low": 3). */
async function countOf(link: Locator): Promise<number> {
  const text = (await link.textContent()) ?? "";
  const figure = /^(\d+)/.exec(text.trim());
  expect(figure, text).not.toBeNull();
  return Number(figure![1]);
}

describe("the dashboard's Today board", () => {
  it("opens on Today; its counts lead, by keyboard and by click, to their lists filtered to what they count", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await board(page).waitFor();
    expect(await board(page).getByRole("link").count()).toBe(9);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Low stock, by keyboard: the inventory opens filtered to Low Stock, with that many rows.
    const low = board(page).getByTestId("today-lowStock");
    expect(await low.textContent()).toMatch(/^\d+ stock levels? low$/);
    const lowCount = await countOf(low);
    await low.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/inventory\?status=low_stock$/);
    await waitForHydration(page);
    expect(await main(page).getByLabel("Status", { exact: true }).inputValue()).toBe("low_stock");
    const stockRows = main(page).getByTestId("inventory-row");
    expect(await stockRows.count()).toBe(Math.min(lowCount, 25));
    for (const row of await stockRows.all()) expect(await row.textContent()).toContain("Low Stock");

    // Reviews to moderate, by click: Reviews opens filtered to Pending.
    await page.goBack();
    await board(page).waitFor();
    await waitForHydration(page);
    const reviews = board(page).getByTestId("today-reviews");
    expect(await reviews.textContent()).toMatch(/^\d+ reviews? to moderate$/);
    const reviewCount = await countOf(reviews);
    await reviews.click();
    await page.waitForURL(/\/admin\/reviews\?status=pending$/);
    await waitForHydration(page);
    expect(await main(page).getByLabel("Status", { exact: true }).inputValue()).toBe("pending");
    expect(await main(page).getByTestId("review-row").count()).toBe(Math.min(reviewCount, 20));
    await page.close();
  });

  it("fits a phone: the board's links stack with no sideways scroll", async () => {
    const page = await browser.newPage(PHONE);
    await signInAsOwner(page);
    await board(page).waitFor();
    const wide = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(wide).toBe(false);
    const toBook = board(page).getByTestId("today-toBook");
    const box = (await toBook.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // A target a thumb can take.
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.close();
  });
});
