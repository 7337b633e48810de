import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The Simmons Backcare Spring Bed, queen, as the demo catalogue names its size. */
const BACKCARE_QUEEN = "SB-05-QN";

/** A size's stock as Inventory shows it, added up over the warehouses that hold it. */
async function stockShown(page: Page, sku: string) {
  await page.goto(`/admin/inventory?q=${sku}`);
  const rows = page.getByTestId("inventory-row").filter({ hasText: sku });
  await rows.first().waitFor();
  const total = async (label: string) => {
    const cells = await rows.locator(`td[data-label="${label}"]`).allTextContents();
    return cells.reduce((sum, cell) => sum + Number(cell), 0);
  };
  return { onHand: await total("On Hand"), available: await total("Available") };
}

describe("orders in the back office", () => {
  it("shows a new paid order without a reload as booked, and cancels it by paying it back in full: the shopper's credit note is e-mailed and the bed is back in stock once", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    const before = await stockShown(admin, BACKCARE_QUEEN);
    await admin.goto("/admin/orders");
    await waitForHydration(admin);

    // A shopper pays for an order while the list is open.
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "owner-test@example.com",
    );
    const row = admin.getByTestId("order-row").filter({ hasText: `#${number}` });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain("owner-test@example.com");
    // Paid and booked at checkout: never "Pending".
    expect(await row.textContent()).toMatch(/Booked \d{1,2} [A-Z][a-z]{2}/);
    expect(await row.textContent()).not.toMatch(/pending/i);

    await row.getByRole("link", { name: `#${number}` }).click();
    await admin.waitForURL(`**/admin/orders/${number}`);
    await waitForHydration(admin);
    expect(await admin.getByTestId("order-stage").textContent()).toMatch(/^Booked for /);

    // Paid: the bed has left the shelf.
    expect(await stockShown(admin, BACKCARE_QUEEN)).toEqual({
      onHand: before.onHand - 1,
      available: before.available - 1,
    });
    await admin.goto(`/admin/orders/${number}`);
    await waitForHydration(admin);

    // Cancelling a paid order shows what goes back first, then pays it back.
    await admin.getByRole("button", { name: "Cancel order and pay back" }).click();
    await admin.getByRole("heading", { name: "Confirm the cancellation" }).waitFor();
    const preview = (await admin.getByTestId("refund-preview").textContent())!;
    expect(preview).toMatch(/^Pay back R[\d,]+\.\d{2}:/);
    await admin.getByRole("button", { name: /^Confirm: pay back/ }).click();
    await toast(admin, "Order Cancelled").waitFor();
    const told = (await toast(admin, "Order Cancelled").textContent())!;
    const [, paidBack, noteNumber] =
      /(R[\d,]+\.\d{2}) paid back, credit note (CN-\d{6})/.exec(told) ?? [];
    expect(noteNumber, told).toBeDefined();
    expect(preview).toContain(`Pay back ${paidBack}:`);
    await admin.getByTestId("order-stage").filter({ hasText: "Cancelled" }).waitFor();
    expect(await admin.getByRole("button", { name: /Cancel order/ }).count()).toBe(0);

    // The shopper is e-mailed the credit note the toast named, for the amount paid back: once.
    const refundMails = async () =>
      (await outboxMessages()).filter(
        (m) =>
          m.to === "owner-test@example.com" &&
          m.subject.startsWith("Refund of") &&
          m.subject.endsWith(`order ${number}`),
      );
    await expect.poll(async () => (await refundMails()).length).toBeGreaterThan(0);
    const mails = await refundMails();
    expect(mails.map((m) => m.subject)).toEqual([`Refund of ${paidBack} for order ${number}`]);
    expect(mails[0]!.text).toContain(`Your credit note ${noteNumber} is attached`);
    expect(mails[0]!.text).toContain(`We have paid back ${paidBack} for your order ${number}`);

    // The bed is back on the shelf once: where it was before the order, not higher.
    expect(await stockShown(admin, BACKCARE_QUEEN)).toEqual(before);

    // The shopper's own page says what became of the money, and offers no payment.
    await shopper.reload();
    await main(shopper).getByText("refunded, the way you paid").waitFor();
    expect(await main(shopper).getByRole("button", { name: /^Pay/ }).count()).toBe(0);
  });

  it("archives a product that has been ordered instead of deleting it", async () => {
    const shopper = await browser.newPage();
    await placePaidOrder(shopper, "support-plus-spring-bed", "queen", "archive-test@example.com");

    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/products");
    await waitForHydration(admin);
    await admin.getByLabel("Search products").fill("Support Plus");
    await admin.getByLabel("Search products").press("Enter");
    await admin.getByRole("heading", { name: "Products (1)" }).waitFor();
    const title = (await admin.getByTestId("product-row").locator("td").nth(1).textContent())!;
    admin.once("dialog", (dialog) => void dialog.accept());
    await admin.getByRole("button", { name: /^Delete / }).click();
    await toast(admin, "Product Archived").waitFor();
    expect(await toast(admin, "Product Archived").textContent()).toContain("has orders");

    expect((await shopper.goto("/products/support-plus-spring-bed"))?.status()).toBe(404);

    // Back on sale, as the rest of the journeys expect the demo catalogue.
    await admin.getByRole("link", { name: `Edit ${title.trim()}` }).click();
    await admin.getByRole("heading", { name: "Edit Product" }).waitFor();
    await waitForHydration(admin);
    await admin.getByLabel("Status").selectOption("active");
    await admin.getByRole("button", { name: "Save Product" }).click();
    await toast(admin, "Product Updated").waitFor();
    expect((await shopper.goto("/products/support-plus-spring-bed"))?.status()).toBe(200);
  });
});
