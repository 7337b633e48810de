import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import {
  checkoutWith,
  completeOrder,
  fillDetails,
  signUpAndSignIn,
  summary,
  toast,
} from "../shopper";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Chooses a R1,000 deposit over two months on the checkout's payment step. */
async function chooseLayby(page: Page) {
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
}

/**
 * axe on the checkout's lay-by part (which no address shows by itself) in the light theme as it
 * stands, and in the dark theme on a second page of the same visitor (the same cart) loaded dark
 * from the start. The account's pages are judged in both themes by their addresses (useBrowser).
 */
async function judgeLaybyCheckout(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await seriousA11yViolations(page), "checkout with lay-by (light)").toEqual([]);
  const dark = await page.context().newPage();
  await dark.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
  await dark.goto("/checkout");
  await waitForHydration(dark);
  await summary(dark).locator('dl[aria-busy="false"]').waitFor();
  await chooseLayby(dark);
  expect(await seriousA11yViolations(dark), "checkout with lay-by (dark)").toEqual([]);
  await dark.close();
}

/** On the demo gateway's page for an instant EFT: check the amount, then approve it. */
async function approveOnGateway(page: Page, amount: string) {
  await page.waitForURL("**/demo-gateway?**");
  // The gateway's own page, not the account page the address has just left.
  const approve = page.getByRole("button", { name: "Approve payment" });
  await approve.waitFor();
  await waitForHydration(page);
  expect(await page.getByText(amount, { exact: true }).isVisible()).toBe(true);
  await approve.click();
}

const row = (page: Page, name: string) =>
  main(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });

describe("lay-by", () => {
  it("takes a lay-by at checkout, pays the deposit, then the next instalment from the account", async () => {
    const page = await browser.newPage(DESKTOP);
    const email = `layby.${Date.now()}@example.com`;

    // A shopper's account, signed in, so the order joins it.
    await signUpAndSignIn(page, "Lerato Dlamini", email);

    // R5,299, delivered free: a R1,000 deposit and two instalments of R2,149.50.
    await checkoutWith(page, "storage-spring-bed", "double");
    await fillDetails(page, email);
    const payInFull = main(page).getByLabel("Pay in full");
    expect(await payInFull.isChecked()).toBe(true);
    // By keyboard: Tab to the choice, an arrow key moves it to lay-by.
    await main(page).getByLabel("Postal Code").focus();
    await tabTo(page, payInFull);
    await page.keyboard.press("ArrowDown");
    const layby = main(page).getByLabel(/^Lay-by: from a R600 deposit over up to 6 months/);
    expect(await layby.isChecked()).toBe(true);
    expect(await main(page).getByLabel("PayFlex").count()).toBe(0);
    expect(await main(page).getByLabel("Deposit (Rand)").inputValue()).toBe("600");
    await main(page).getByText("Your lay-by schedule").waitFor();
    await page.keyboard.press("Tab");
    expect(
      await main(page)
        .getByLabel("Deposit (Rand)")
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);

    await chooseLayby(page);
    const schedule = main(page).getByRole("table", { name: "Your lay-by schedule" });
    await schedule.getByText("R2,149.50").first().waitFor();
    expect(await schedule.getByRole("row").count()).toBe(5); // head, deposit, 2 instalments, total
    expect(await row(page, "Deposit (today)").getByText("R1,000.00").isVisible()).toBe(true);
    expect(await row(page, "Instalment 2").getByText("R2,149.50").isVisible()).toBe(true);
    expect(await row(page, "Total").getByText("R5,299.00").isVisible()).toBe(true);
    expect(
      await main(page)
        .getByText(
          /cancellation charge of 1% of the price of the goods, delivery and add-ons not included \(R52\.99\)/,
        )
        .isVisible(),
    ).toBe(true);
    // A deposit below the minimum is told by its field before anything is sent.
    await main(page).getByLabel("Deposit (Rand)").fill("500");
    await main(page).getByText("The deposit must be at least R600.").waitFor();
    await main(page).getByLabel("Deposit (Rand)").fill("1000");
    await judgeLaybyCheckout(page);

    await main(page).getByLabel("PayFast instant EFT").check();
    await main(page)
      .getByLabel(/I agree to the/)
      .check();
    expect(await summary(page).getByText("R5,299").first().isVisible()).toBe(true);
    await completeOrder(page);
    await approveOnGateway(page, "R1,000.00");

    // Placed signed in: back to the order's page in the account.
    await page.waitForURL(/\/account\/orders\/\d+(\?|$)/);
    await toast(page, "Order Placed Successfully!").waitFor();
    await main(page).getByText("Lay-by in progress").waitFor();
    const number = (await main(page).getByRole("heading", { level: 1 }).textContent())!.replace(
      "Order ",
      "",
    );
    expect(await row(page, "Deposit").getByText("Paid").isVisible()).toBe(true);

    // From the account: the schedule, then the next instalment by keyboard.
    await page.goto(`/account/orders/${number}`);
    await waitForHydration(page);
    await main(page).getByRole("heading", { name: "Lay-by plan" }).waitFor();
    expect(await row(page, "Instalment 1").getByText("Due").isVisible()).toBe(true);

    // Cancel asks first, with the calculation; keeping it changes nothing.
    await main(page).getByRole("link", { name: "Cancel lay-by" }).click();
    await page.waitForURL(`**/account/orders/${number}?cancel=1`);
    await main(page).getByText("Refunded to you: R947.01.").waitFor();
    await main(page).getByRole("link", { name: "Keep my lay-by" }).click();
    await page.waitForURL(`**/account/orders/${number}`);

    const pay = main(page).getByRole("button", { name: "Pay next instalment" });
    await tabTo(page, pay);
    await page.keyboard.press("Enter");
    await approveOnGateway(page, "R2,149.50");
    await page.waitForURL(new RegExp(`/account/orders/${number}(\\?|$)`));
    await toast(page, "Lay-by payment received").waitFor();

    await page.goto(`/account/orders/${number}`);
    await waitForHydration(page);
    expect(await row(page, "Instalment 1").getByText("Paid").isVisible()).toBe(true);
    expect(await main(page).getByText("still to pay R2,149.50").isVisible()).toBe(true);

    // The last one pays the order in full: invoiced, and the usual payment e-mail.
    await main(page).getByRole("button", { name: "Pay next instalment" }).click();
    await approveOnGateway(page, "R2,149.50");
    await page.waitForURL(new RegExp(`/account/orders/${number}(\\?|$)`));
    await main(page).getByText("Payment received").first().waitFor();
    await page.goto(`/account/orders/${number}`);
    await main(page).getByText("Paid in full").waitFor();
    expect(
      await main(page)
        .getByRole("link", { name: /Download tax invoice/ })
        .isVisible(),
    ).toBe(true);
    const subjects = (await outboxMessages())
      .filter((m) => m.to.includes(email))
      .map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Lay-by instalment 1 received for order ${number}`,
        `Payment received for order ${number}`,
      ]),
    );
    // Sign-up, checkout, two gateway payments and a cancellation preview: a minute on a quiet
    // machine, more with two journeys at a time on two cores.
  }, 240_000);
});
