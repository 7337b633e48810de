import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, useBrowser, waitForHydration } from "../browser";
import { expectFocused } from "../keyboard";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

// From the demo catalogue: pillows are kept in the showroom only.
const DUCK_QUEEN = { sku: "PL-03-QN", page: "/products/duck-feather-pillow?size=queen" };
const HOLLOW_QUEEN = "PL-02-QN";
const CONTOUR_QUEEN = "PL-01-QN";

async function openInventory(page: Page) {
  await signInAsOwner(page);
  await page.getByRole("link", { name: "Inventory", exact: true }).first().click();
  await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
  await waitForHydration(page);
}

async function search(page: Page, q: string) {
  await page.getByLabel("Search inventory").fill(q);
  await page.getByLabel("Search inventory").press("Enter");
  await page.waitForURL(new RegExp(`q=${q}`));
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Adjust Stock" });

/** Opens Adjust Stock and fills it in (the product only when given). */
async function fillAdjustment(
  page: Page,
  fields: {
    sku?: string;
    kind?: string;
    warehouse?: string;
    to?: string;
    quantity: string;
    reason?: string;
  },
) {
  await page.getByRole("button", { name: "Adjust Stock" }).click();
  const d = dialog(page);
  await d.waitFor();
  if (fields.sku !== undefined) await d.getByLabel("Product").fill(fields.sku);
  if (fields.kind) await d.getByLabel("Movement type").selectOption({ label: fields.kind });
  if (fields.warehouse) {
    await d.getByLabel(/^(From w|W)arehouse$/).selectOption({ label: fields.warehouse });
  }
  if (fields.to) await d.getByLabel("To warehouse").selectOption({ label: fields.to });
  await d.getByLabel("Quantity").fill(fields.quantity);
  if (fields.reason !== undefined) await d.getByLabel(/^Reason/).fill(fields.reason);
}

async function save(page: Page) {
  await dialog(page).getByRole("button", { name: "Save" }).click();
}

async function expectSaved(page: Page) {
  const shown = toast(page, "Stock Adjusted");
  await shown.waitFor();
  expect(await shown.textContent()).toContain("Inventory has been successfully updated");
  await dialog(page).waitFor({ state: "detached" });
}

/**
 * Waits for every toast to have gone: the page is then judged (axe) as staff see it once the
 * notices are read, and no toast is half-way through fading.
 */
async function toastsGone(page: Page) {
  await page.waitForFunction(
    () => document.querySelectorAll("[data-sonner-toast]").length === 0,
    null,
    {
      timeout: 20_000,
    },
  );
}

/** The row of the list for a SKU in a warehouse, its cells by column. */
async function rowCells(page: Page, sku: string, warehouse?: string) {
  let row = page.getByTestId("inventory-row").filter({ hasText: sku });
  if (warehouse) row = row.filter({ hasText: warehouse });
  await row.first().waitFor();
  const cells = await row.first().locator("td").allTextContents();
  return {
    warehouse: cells[2]!,
    onHand: Number(cells[3]),
    reserved: Number(cells[4]),
    available: Number(cells[5]),
    status: cells[7]!,
  };
}

describe("inventory in the back office", () => {
  it("adjusts stock: the toast after saving, the list, the stock card's history and the storefront follow", async () => {
    const page = await browser.newPage(DESKTOP);
    await openInventory(page);
    await search(page, DUCK_QUEEN.sku);
    const before = await rowCells(page, DUCK_QUEEN.sku);
    expect(before.available).toBeGreaterThan(0);

    // The product field suggests sizes as a name is typed.
    await page.getByRole("button", { name: "Adjust Stock" }).click();
    await dialog(page).getByLabel("Product").fill("Duck Feather");
    await page
      .locator(`#field-sku-suggestions option[value="${DUCK_QUEEN.sku}"]`)
      .waitFor({ state: "attached" });
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });

    await fillAdjustment(page, {
      sku: DUCK_QUEEN.sku,
      quantity: "3",
      reason: "Counted in the showroom",
    });
    await save(page);
    await expectSaved(page);
    await page.waitForFunction(
      ([sku, onHand]) =>
        [...document.querySelectorAll('[data-testid="inventory-row"]')].some(
          (row) =>
            row.textContent?.includes(sku) && row.querySelectorAll("td")[3]?.textContent === onHand,
        ),
      [DUCK_QUEEN.sku, String(before.onHand + 3)] as const,
    );
    expect((await rowCells(page, DUCK_QUEEN.sku)).available).toBe(before.available + 3);

    await page.getByRole("link", { name: `View stock card of ${DUCK_QUEEN.sku}` }).click();
    await page.getByRole("heading", { name: "Duck Feather Pillow, Queen" }).waitFor();
    await waitForHydration(page);
    const newest = page.getByTestId("movement").first();
    expect(await newest.textContent()).toContain("Counted in the showroom");
    expect(await newest.textContent()).toContain("+3");
    expect(await newest.textContent()).toContain("Adjustment");

    // Nothing left to sell in any warehouse: the product page says so at once, then again in stock.
    const shop = await browser.newPage();
    await shop.goto(DUCK_QUEEN.page);
    expect(await main(shop).getByText("Out of stock", { exact: true }).count()).toBe(0);
    const available = Number(
      await page.getByTestId("stock-level").first().locator("td").nth(3).textContent(),
    );
    await fillAdjustment(page, { quantity: String(-available), reason: "Sent for cleaning" });
    expect(await dialog(page).getByLabel("Product").inputValue()).toBe(DUCK_QUEEN.sku);
    await save(page);
    await expectSaved(page);
    await page.getByTestId("stock-level").first().getByText("Out of Stock").waitFor();
    await shop.goto(DUCK_QUEEN.page);
    await main(shop).getByText("Out of stock", { exact: true }).waitFor();

    await fillAdjustment(page, { quantity: "8", reason: "Back from cleaning" });
    await save(page);
    await expectSaved(page);
    await shop.goto(DUCK_QUEEN.page);
    await main(shop).getByText("In stock", { exact: true }).waitFor();
    expect(await main(shop).getByText("Out of stock", { exact: true }).count()).toBe(0);

    // Light and dark: no serious accessibility finding on the stock card.
    await toastsGone(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousA11yViolations(page), `stock card, ${colorScheme}`).toEqual([]);
    }
  });

  it("transfers between two warehouses: both levels and the two history lines", async () => {
    const page = await browser.newPage(DESKTOP);
    await openInventory(page);
    const warehouses = await (async () => {
      await page.getByRole("button", { name: "Adjust Stock" }).click();
      const names = await dialog(page).getByLabel("Warehouse").locator("option").allTextContents();
      await page.keyboard.press("Escape");
      return names;
    })();
    let to = warehouses[1];
    if (!to) {
      // No second warehouse in this demo yet: add one.
      await page.goto("/admin/inventory/warehouses");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Add Warehouse" }).click();
      await page.getByRole("dialog").getByLabel("Name").fill("Journey Store Room");
      await page.getByRole("dialog").getByRole("button", { name: "Add Warehouse" }).click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
      to = "Journey Store Room";
      await page.goto("/admin/inventory");
      await waitForHydration(page);
    }
    const from = warehouses[0]!;

    await search(page, HOLLOW_QUEEN);
    const source = await rowCells(page, HOLLOW_QUEEN, from);
    await fillAdjustment(page, {
      sku: HOLLOW_QUEEN,
      kind: "Transfer",
      warehouse: from,
      to,
      quantity: "2",
    });
    await save(page);
    await expectSaved(page);
    await page.getByTestId("inventory-row").filter({ hasText: to }).waitFor();
    expect((await rowCells(page, HOLLOW_QUEEN, from)).onHand).toBe(source.onHand - 2);
    const target = await rowCells(page, HOLLOW_QUEEN, to);
    expect(target.onHand).toBeGreaterThanOrEqual(2);

    await page
      .getByRole("link", { name: `View stock card of ${HOLLOW_QUEEN}` })
      .first()
      .click();
    await page.getByRole("heading", { name: "Hollowfibre Pillow (Pair), Queen" }).waitFor();
    const levels = await page.getByTestId("stock-level").allTextContents();
    expect(levels.some((l) => l.includes(from))).toBe(true);
    expect(levels.some((l) => l.includes(to))).toBe(true);
    const [first, second] = await page.getByTestId("movement").allTextContents();
    expect(first).toContain("Transfer");
    expect(second).toContain("Transfer");
    expect([first, second].join(" ")).toContain(`Transfer to ${to}`);
    expect([first, second].join(" ")).toContain(`Transfer from ${from}`);
    expect([first, second].join(" ")).toMatch(/\+2/);
    expect([first, second].join(" ")).toMatch(/\u22122/);
    await toastsGone(page);
  });

  it("says why a refused adjustment was refused, next to the quantity, and changes nothing", async () => {
    const page = await browser.newPage(DESKTOP);
    await openInventory(page);
    await search(page, CONTOUR_QUEEN);
    const before = await rowCells(page, CONTOUR_QUEEN);
    await fillAdjustment(page, { sku: CONTOUR_QUEEN, quantity: "-90000", reason: "Typo" });
    await save(page);
    const message = dialog(page).locator("#field-quantity-error");
    await message.waitFor();
    expect(await message.textContent()).toMatch(
      new RegExp(`has only ${before.onHand} on hand: removing 90000 would take it below zero`),
    );
    expect(await dialog(page).getByLabel("Quantity").getAttribute("aria-describedby")).toContain(
      "field-quantity-error",
    );
    await toast(page, "Error").waitFor();
    expect(await toast(page, "Stock Adjusted").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.reload();
    expect((await rowCells(page, CONTOUR_QUEEN)).onHand).toBe(before.onHand);
    await toastsGone(page);
  });

  it("works by keyboard: the dialog opens, saves and gives focus back; the page passes axe in both themes", async () => {
    const page = await browser.newPage(DESKTOP);
    await openInventory(page);
    await search(page, CONTOUR_QUEEN);
    const before = await rowCells(page, CONTOUR_QUEEN);
    const trigger = page.getByRole("button", { name: "Adjust Stock" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    // Escape closes it and focus goes back to the button.
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expectFocused(trigger);

    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    const focusedLabel = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      });
    // Focus starts on the first field.
    expect(await focusedLabel()).toBe("Product");
    await page.keyboard.type(CONTOUR_QUEEN);
    await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Movement type");
    await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Warehouse");
    await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Quantity");
    await page.keyboard.type("1");
    await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Reason");
    await page.keyboard.type("Counted by keyboard");
    await page.keyboard.press("Enter");
    await expectSaved(page);
    await expectFocused(trigger);
    await page.waitForFunction(
      ([sku, onHand]) =>
        [...document.querySelectorAll('[data-testid="inventory-row"]')].some(
          (row) =>
            row.textContent?.includes(sku) && row.querySelectorAll("td")[3]?.textContent === onHand,
        ),
      [CONTOUR_QUEEN, String(before.onHand + 1)] as const,
    );

    await toastsGone(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousA11yViolations(page), `inventory page, ${colorScheme}`).toEqual([]);
    }
  });
});
