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
  // The visible one: a table row on a wide screen, a labelled block on a phone.
  main(page).getByTestId("layby-instalment").filter({ hasText: label, visible: true });

/** Orders the journey leaves for the accessibility checks: one cancelled, one active, one part paid. */
const plans = { cancelled: 0, active: 0, partPaid: 0 };

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

    // Record showroom payment: the amount and the receipt reference are required, by their fields.
    const section = main(admin).getByRole("region", { name: "Lay-by" });
    expect(await section.getByTestId("layby-paid").textContent()).toBe("R1,000.00 of R5,299.00");
    const record = section.getByRole("button", { name: "Record payment" });
    await record.click();
    await section.getByText("Enter the amount received.").waitFor();
    await section.getByText("This field is required.").waitFor();
    await section.getByLabel("Amount received (R)").fill("2149,50");
    await section.getByLabel("Till receipt reference").fill("TILL-2001");
    await record.click();
    await toast(admin, "Payment Recorded").waitFor();
    await scheduleRow(admin, "Instalment 1").getByText("Paid", { exact: true }).waitFor();
    expect(await section.getByTestId("layby-received").last().textContent()).toContain("TILL-2001");

    // Cancel lay-by: opened by keyboard; the calculation is shown for the reason chosen,
    // before confirming.
    const cancel = section.locator("summary").filter({ hasText: "Cancel lay-by" });
    await tabTo(admin, cancel);
    await admin.keyboard.press("Enter");
    const shoppersChoice = section.getByLabel(/The shopper's choice/);
    await shoppersChoice.check();
    const calculation = section.getByTestId("layby-calculation");
    await calculation.waitFor();
    expect(await calculation.textContent()).toContain("Paid so far: R3,149.50.");
    expect(await calculation.textContent()).toContain(
      "Cancellation charge: 1% of the price of the goods, R5,299.00 (delivery and add-ons not included) = R52.99.",
    );
    expect(await calculation.textContent()).toContain("Refunded to you: R3,096.51.");
    await section.getByLabel(/Hospitalisation or death/).check();
    await calculation.getByText("Refunded to you: R3,149.50.").waitFor();
    await section.getByLabel(/The shop cannot supply/).check();
    await calculation.getByText("Refunded to you: R3,149.50.").waitFor();
    await shoppersChoice.check();
    await section.getByRole("button", { name: "Cancel lay-by and refund R3,096.51" }).click();
    await toast(admin, "Lay-by Cancelled").waitFor();

    // The deposit went back through the gateway; the showroom's R2,096.51 is paid back by hand,
    // recorded with its till reference.
    const refunds = section.getByTestId("layby-refund");
    await refunds.first().waitFor();
    expect(await refunds.count()).toBe(2);
    const cash = refunds.filter({ hasText: "by hand at the showroom" });
    expect(await cash.textContent()).toContain("R2,096.51");
    const recordPayBack = section.getByRole("form", { name: "Record what became of R2,096.51" });
    await recordPayBack.getByLabel("What became of it").selectOption("paid_by_hand");
    await recordPayBack.getByLabel("Reference").fill("CASH-88");
    await recordPayBack.getByRole("button", { name: "Record" }).click();
    await cash.getByText("(CASH-88)").waitFor();
    await main(admin).getByText("Refunded", { exact: true }).first().waitFor();

    const mail = (await outboxMessages()).find(
      (m) => m.to.includes(email) && m.subject === `Your lay-by for order ${number} is cancelled`,
    );
    expect(mail?.text).toContain("Refunded to you: R3,096.51.");
  });

  for (const viewport of [
    { name: "a 390 px phone", width: 390, height: 844 },
    { name: "the desktop", width: 1280, height: 900 },
  ]) {
    it(`staff record a part payment by keyboard on ${viewport.name}, and the schedule shows what is left`, async () => {
      const shopper = await browser.newPage(DESKTOP);
      const number = await placeLaybyOrder(shopper, `layby.part.${Date.now()}@example.com`);
      // The plan the accessibility checks below open: part paid.
      plans.partPaid = number;
      const admin = await browser.newPage({ viewport });
      await signInAsOwner(admin);
      await admin.goto(`/admin/orders/${number}`);
      await waitForHydration(admin);
      const section = main(admin).getByRole("region", { name: "Lay-by" });
      expect(await section.getByTestId("layby-next").textContent()).toContain(
        "Still owed: R4,299.00.",
      );
      // R500 of the R2,149.50 instalment, typed with a decimal comma, all by keyboard.
      const amount = section.getByLabel("Amount received (R)");
      await tabTo(admin, amount);
      await admin.keyboard.type("500,00");
      await admin.keyboard.press("Tab");
      expect(
        await section
          .getByLabel("Till receipt reference")
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await admin.keyboard.type("TILL-3001");
      await tabTo(admin, section.getByRole("button", { name: "Record payment" }));
      await admin.keyboard.press("Enter");
      await toast(admin, "Payment Recorded").waitFor();
      const first = scheduleRow(admin, "Instalment 1");
      await first.getByText("Part paid", { exact: true }).waitFor();
      expect(await first.getByTestId("layby-instalment-left").textContent()).toBe("R1,649.50");
      await section.getByTestId("layby-next").getByText("Still owed: R3,799.00.").waitFor();
      expect(await section.getByTestId("layby-paid").textContent()).toBe("R1,500.00 of R5,299.00");
      // More than is owed is refused by its field.
      await amount.fill("3800");
      await section.getByLabel("Till receipt reference").fill("TILL-3002");
      await section.getByRole("button", { name: "Record payment" }).click();
      await section
        .getByText("R3,800.00 is more than the R3,799.00 still owed on this lay-by.")
        .waitFor();
      // The page does not scroll sideways on the phone.
      const overflow = await admin.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // The receipt e-mail says what was received and what is left.
      const mail = (await outboxMessages()).find(
        (m) => m.subject === `Lay-by payment of R500.00 received for order ${number}`,
      );
      expect(mail?.text).toContain("Still to pay: R3,799.00.");
    });
  }

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
        `/admin/orders/${plans.partPaid}`,
      ]) {
        await admin.goto(path);
        await waitForHydration(admin);
        expect(await seriousA11yViolations(admin), path).toEqual([]);
      }
      // An active plan, its cancel step open with the calculation.
      await admin.goto(`/admin/orders/${plans.active}`);
      await waitForHydration(admin);
      await main(admin).locator("summary").filter({ hasText: "Cancel lay-by" }).click();
      await main(admin)
        .getByLabel(/The shopper's choice/)
        .check();
      await main(admin).getByTestId("layby-calculation").waitFor();
      expect(await seriousA11yViolations(admin), "cancel lay-by step").toEqual([]);
    });
  }
});
