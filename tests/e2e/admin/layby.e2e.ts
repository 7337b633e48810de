import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { focusIsVisible, tabTo } from "../keyboard";
import { checkoutWith, completeOrder, fillDetails } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * A shopper takes a R5,299 bed on lay-by (R1,000 deposit, two instalments of R2,149.50) and
 * pays the deposit by instant EFT through the demo gateway; answers the order number.
 */
async function placeLaybyOrder(page: Page, email: string) {
  await checkoutWith(page, "storage-spring-bed", "double");
  await fillDetails(page, email);
  await main(page)
    .getByLabel(/^Lay-by: from a R600 deposit/)
    .check();
  await main(page).getByLabel("Deposit (Rand)").fill("1000");
  await main(page).getByLabel("Months to pay the rest").selectOption("2");
  await main(page)
    .getByRole("table", { name: "Your lay-by schedule" })
    .getByText("R2,149.50")
    .first()
    .waitFor();
  await main(page).getByLabel("PayFast instant EFT").check();
  await main(page)
    .getByLabel(/I agree to the/)
    .check();
  await completeOrder(page);
  await page.waitForURL("**/demo-gateway?**");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL("**/orders/*?token=*");
  await main(page).getByText("Lay-by in progress").waitFor();
  const heading = await main(page).getByRole("heading", { level: 1 }).textContent();
  return Number(heading!.replace("Order ", ""));
}

const scheduleRow = (page: Page, label: string) =>
  main(page).getByTestId("layby-instalment").filter({ hasText: label });

/** Orders the journey leaves for the accessibility checks: one cancelled, one still active. */
const plans = { cancelled: 0, active: 0 };

describe("lay-by in the back office", () => {
  it("staff find a plan on the Lay-by tab, record a showroom payment, cancel it with its calculation and pay out the cash", async () => {
    const email = `layby.staff.${Date.now()}@example.com`;
    const shopper = await browser.newPage(DESKTOP);
    const number = await placeLaybyOrder(shopper, email);
    plans.cancelled = number;
    plans.active = await placeLaybyOrder(shopper, `layby.other.${Date.now()}@example.com`);

    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/orders");
    await waitForHydration(admin);
    // The tab by keyboard.
    const tab = main(admin).getByRole("link", { name: "Lay-by", exact: true });
    await tabTo(admin, tab);
    expect(await focusIsVisible(admin)).toBe(true);
    await admin.keyboard.press("Enter");
    await admin.waitForURL("**/admin/orders/layby");
    await waitForHydration(admin);
    await main(admin)
      .getByRole("heading", { name: /^Lay-by plans \(\d+\)$/ })
      .waitFor();

    await main(admin).getByLabel("Search lay-by plans").fill(email);
    await main(admin).getByLabel("Search lay-by plans").press("Enter");
    await main(admin).getByRole("heading", { name: "Lay-by plans (1)" }).waitFor();
    const row = main(admin).getByTestId("layby-row");
    expect(await row.textContent()).toContain("R1,000.00");
    await row.getByRole("link", { name: `#${number}` }).click();
    await admin.waitForURL(`**/admin/orders/${number}`);
    await waitForHydration(admin);

    // Record showroom payment: the receipt reference is required, by its field.
    const section = main(admin).getByRole("region", { name: "Lay-by" });
    expect(await section.getByTestId("layby-paid").textContent()).toBe("R1,000.00 of R5,299.00");
    const record = section.getByRole("button", { name: "Record R2,149.50 paid" });
    await record.click();
    await section.getByText("This field is required.").waitFor();
    await section.getByLabel("Till receipt reference").fill("TILL-2001");
    await record.click();
    await toast(admin, "Payment Recorded").waitFor();
    await scheduleRow(admin, "Instalment 1").getByText("Paid", { exact: true }).waitFor();
    expect(await scheduleRow(admin, "Instalment 1").textContent()).toContain("TILL-2001");

    // Cancel lay-by: opened by keyboard, the calculation shown before confirming.
    const cancel = section.getByText("Cancel lay-by", { exact: true });
    await tabTo(admin, cancel);
    await admin.keyboard.press("Enter");
    const calculation = section.getByTestId("layby-calculation");
    await calculation.waitFor();
    expect(await calculation.textContent()).toContain("Paid so far: R3,149.50.");
    expect(await calculation.textContent()).toContain(
      "Cancellation charge: 1% of the full price R5,299.00 = R52.99.",
    );
    expect(await calculation.textContent()).toContain("Refunded to you: R3,096.51.");
    const waiver = section.getByLabel(/Hospitalisation or death/);
    await waiver.check();
    await calculation.getByText("Refunded to you: R3,149.50.").waitFor();
    await waiver.uncheck();
    await section.getByRole("button", { name: "Cancel lay-by and refund R3,096.51" }).click();
    await toast(admin, "Lay-by Cancelled").waitFor();

    // The deposit went back through the gateway; the showroom's R2,096.51 is paid out in cash.
    const refunds = section.getByTestId("layby-refund");
    await refunds.first().waitFor();
    expect(await refunds.count()).toBe(2);
    const cash = refunds.filter({ hasText: "in cash at the showroom" });
    expect(await cash.textContent()).toContain("R2,096.51");
    await cash.getByLabel("Pay-out reference").fill("CASH-88");
    await cash.getByRole("button", { name: "Mark cash refund paid" }).click();
    await toast(admin, "Refund Paid Out").waitFor();
    await main(admin).getByText("Refunded", { exact: true }).first().waitFor();

    const mail = (await outboxMessages()).find(
      (m) => m.to.includes(email) && m.subject === `Your lay-by for order ${number} is cancelled`,
    );
    expect(mail?.text).toContain("Refunded to you: R3,096.51.");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility finding in the ${colorScheme} theme`, async () => {
      expect(plans.active).toBeGreaterThan(0);
      const admin = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(admin);
      for (const path of [
        "/admin/orders/layby",
        "/admin/orders/layby?status=cancelled&sort=total&dir=desc",
        "/admin/orders/layby?q=nobody-at-all",
        `/admin/orders/${plans.cancelled}`,
      ]) {
        await admin.goto(path);
        await waitForHydration(admin);
        expect(await seriousA11yViolations(admin), path).toEqual([]);
      }
      // An active plan, its cancel step open with the calculation.
      await admin.goto(`/admin/orders/${plans.active}`);
      await waitForHydration(admin);
      await main(admin).getByText("Cancel lay-by", { exact: true }).click();
      await main(admin).getByTestId("layby-calculation").waitFor();
      expect(await seriousA11yViolations(admin), "cancel lay-by step").toEqual([]);
    });
  }
});
