import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const dayOf = (page: Page) => new URL(page.url()).searchParams.get("day");
const deliveryRow = (page: Page, number: number) =>
  page.getByTestId("delivery-row").filter({ hasText: `#${number}` });

/** The day the dialog has chosen (the first one offered), read from its checked radio. */
const chosenDay = (page: Page) =>
  page.getByRole("dialog").locator('input[name="deliveryDay"]:checked').inputValue();

describe("Deliveries in the back office", () => {
  it("staff find a paid order on the day the shopper booked at checkout and move it to the next by keyboard", async () => {
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "classic-spring-bed",
      "queen",
      "deliveries.journey@example.com",
    );
    // The shopper booked the first day offered at checkout: their order page holds it.
    const first = await shopper.locator('input[name="deliveryDay"]:checked').inputValue();
    await shopper.close();

    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.getByRole("link", { name: "Deliveries" }).first().click();
    await page.waitForURL(/\/admin\/deliveries$/);
    await page.getByRole("heading", { name: "Deliveries by Day" }).waitFor();
    await waitForHydration(page);

    // Booked at checkout, the order is not among those To book.
    await page
      .getByRole("navigation", { name: "Deliveries" })
      .getByRole("link", { name: "To book" })
      .click();
    await page.waitForURL(/\/admin\/deliveries\/to-book$/);
    await waitForHydration(page);
    await tabTo(page, page.getByLabel("Search orders to book"));
    await page.keyboard.type(String(number));
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=/);
    await waitForHydration(page);
    expect(
      await page
        .getByTestId("to-book-row")
        .filter({ hasText: `#${number}` })
        .count(),
    ).toBe(0);

    // That day's view shows it in its zone, chosen with the date field.
    await page
      .getByRole("navigation", { name: "Deliveries" })
      .getByRole("link", { name: "Day" })
      .click();
    await page.waitForURL(/\/admin\/deliveries$/);
    await waitForHydration(page);
    await tabTo(page, page.getByLabel("Day", { exact: true }));
    await page.getByLabel("Day", { exact: true }).fill(first);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/admin/deliveries?day=${first}`);
    const booked = deliveryRow(page, number);
    await booked.waitFor();
    const zone = page.getByTestId("delivery-zone").filter({ has: booked });
    expect(await zone.textContent()).toMatch(/Lichtenburg and area\s*\d+ of 8 drops/);
    expect(await booked.textContent()).toMatch(/deliveries\.journey|Lerato|Lichtenburg/);
    expect(await booked.textContent()).toContain("Paid");

    // Move, by keyboard: the first day offered is the next one after the booked day.
    await waitForHydration(page);
    await tabTo(page, page.getByRole("button", { name: `Move delivery for order #${number}` }));
    await page.keyboard.press("Enter");
    const move = page.getByRole("dialog", { name: `Move delivery: order #${number}` });
    await move.waitFor();
    const next = await chosenDay(page);
    expect(next > first).toBe(true);
    await tabTo(page, move.getByRole("button", { name: "Move Delivery" }));
    await page.keyboard.press("Enter");
    await toast(page, "Delivery Moved").waitFor();
    await booked.waitFor({ state: "detached" });

    // "]" steps to the next day (over a Sunday when there is one) until the moved day.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let step = 0; step < 3 && dayOf(page) !== next; step++) {
      const before = dayOf(page);
      await page.keyboard.press("]");
      await page.waitForURL((url) => url.searchParams.get("day") !== before);
    }
    expect(dayOf(page)).toBe(next);
    await deliveryRow(page, number).waitFor();

    // The order's page shows the day and the zone.
    await page.goto(`/admin/orders/${number}`);
    await waitForHydration(page);
    expect(await page.getByTestId("delivery-booking").textContent()).toContain(
      "Lichtenburg and area",
    );
  });

  it("the day view fits a 390 px phone without sideways scrolling", async () => {
    const page = await browser.newPage(PHONE);
    await signInAsOwner(page);
    for (const address of ["/admin/deliveries", "/admin/deliveries/to-book"]) {
      await page.goto(address);
      await waitForHydration(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${address} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
