import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { QUOTED_ORDER_BUTTON } from "~/domain/delivery/quoted-message";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { checkoutWith, placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const dayOf = (page: Page) => new URL(page.url()).searchParams.get("day");
const deliveryRow = (page: Page, number: number) =>
  page.getByTestId("delivery-row").filter({ hasText: `#${number}` });

const toBookRow = (page: Page, number: number) =>
  page.getByTestId("to-book-row").filter({ hasText: `#${number}` });

/**
 * A shopper in Cape Town, which no zone covers, places an order whose delivery the shop quotes;
 * staff quote it for their own truck and the shopper pays through the demo gateway. Paid, it has
 * no delivery day: it waits in To book. Answers its number.
 */
async function paidQuotedOrder(shopper: Page, admin: Page, email: string) {
  await checkoutWith(shopper, "storage-spring-bed", "queen");
  const form = main(shopper);
  await form.getByLabel("First Name").fill("Anele");
  await form.getByLabel("Last Name").fill("Jacobs");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("082 555 0202");
  await form.getByLabel("Street Address").fill("14 Long Street");
  await form.getByLabel("Province").selectOption({ label: "Western Cape" });
  await form.getByLabel("City / Town").fill("Cape Town");
  await form.getByLabel("Postal Code").fill("8001");
  await form.getByTestId("delivery-quoted").waitFor();
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole("button", { name: QUOTED_ORDER_BUTTON }).click();
  await shopper.waitForURL("**/orders/*?token=*");
  await main(shopper).getByText("Awaiting your delivery quote").waitFor();
  const heading = await main(shopper).getByRole("heading", { level: 1 }).textContent();
  const number = Number(heading!.replace("Order ", ""));

  await admin.goto(`/admin/orders/${number}`);
  await waitForHydration(admin);
  const quote = main(admin).getByRole("form", { name: "Delivery quote" });
  await quote.getByLabel("Carried by").selectOption({ label: "Our own truck" });
  await quote.getByLabel("Delivery (R)").fill("1200,00");
  await quote.getByRole("button", { name: "Send quote" }).click();
  await toast(admin, "Quote Sent").waitFor();

  await shopper.reload();
  await waitForHydration(shopper);
  await main(shopper).getByLabel("PayFast instant EFT").check();
  await main(shopper).getByRole("button", { name: "Pay now" }).click();
  await shopper.waitForURL("**/demo-gateway?**");
  await shopper.getByRole("button", { name: "Approve payment" }).click();
  await shopper.waitForURL("**/orders/*?token=*");
  await main(shopper).getByText("Payment received").waitFor();
  return number;
}

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

  it("a paid order waiting in To book leaves it once staff refund its bed, put back in stock", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    const shopper = await browser.newPage();
    const number = await paidQuotedOrder(shopper, admin, "refunded.bed@example.com");

    // Paid, with no day: staff find it in To book.
    await admin.goto(`/admin/deliveries/to-book?q=${number}`);
    await waitForHydration(admin);
    await toBookRow(admin, number).waitFor();

    // The shopper sends the bed back before it goes out: staff refund it, into stock.
    await admin.goto(`/admin/orders/${number}`);
    await waitForHydration(admin);
    const refund = admin.getByRole("form", { name: "Refund" });
    await refund.getByLabel(/Storage Spring Bed/).fill("1");
    await refund.getByLabel("Reason").fill("Changed her mind before delivery");
    await refund.getByLabel(/Through the demo gateway/).check();
    expect(await refund.getByLabel("Returned goods go back into stock").isChecked()).toBe(true);
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await admin.getByRole("heading", { name: "Confirm the refund" }).waitFor();
    await admin.getByRole("button", { name: /^Confirm: pay back/ }).click();
    await toast(admin, "Refund Made").waitFor();
    // Nothing is left to deliver: the order reads cancelled.
    await admin.getByTestId("order-stage").filter({ hasText: "Cancelled" }).waitFor();

    // To book, loaded again, no longer lists it.
    await admin.goto(`/admin/deliveries/to-book?q=${number}`);
    await waitForHydration(admin);
    await main(admin).getByText("No order to book matches this search.").waitFor();
    expect(await toBookRow(admin, number).count()).toBe(0);
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
