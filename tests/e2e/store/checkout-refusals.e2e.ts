import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsOwner, toast } from "../admin/admin-session";
import { findingsInBothThemes } from "../axe";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { checkoutWith, deliveryDays, placePaidOrder, summary } from "../shopper";

const browser = useBrowser();
/** A R3,199 bed: below SAVE500's R5,000 minimum. */
const BED = { slug: "serenity-foam-bed", size: "double" };
const CHOOSE_A_DAY = "Please choose one of the delivery days offered.";

/** Everything but the delivery day: a Lichtenburg address (its zone offers days), EFT, terms. */
async function fillAllButTheDay(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel("First Name").fill("Karabo");
  await form.getByLabel("Last Name").fill("Molefe");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("082 555 0199");
  await form.getByLabel("Street Address").fill("9 Buiten Street");
  await form.getByLabel("City / Town").fill("Lichtenburg");
  await form.getByLabel("Postal Code").fill("2740");
  await deliveryDays(page).getByRole("radio").first().waitFor();
  await form.getByLabel("PayFast instant EFT").check();
  await form.getByLabel(/I agree to the/).check();
  await summary(page).locator('dl[aria-busy="false"]').waitFor();
}

/** The name of the focused field ("deliveryDay" for a day of the list). */
const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? "");

/** Whether the element's top is on the screen (not above it, not below it). */
const onScreen = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const box = document.querySelector(s)!.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight
      ? true
      : `top ${box.top}, height ${box.height}, window ${window.innerHeight}, scrolled ${window.scrollY}`;
  }, selector);

const errorSummary = (page: Page) => main(page).locator("[data-error-summary]");

async function applyCode(page: Page, code: string) {
  await summary(page).getByLabel("Promotion code").fill(code);
  await summary(page).getByRole("button", { name: "Apply" }).click();
}

describe("a refused checkout lands at its field", () => {
  it("Complete Order without a day takes the shopper to the Delivery Day list, and uses no order number", async () => {
    const page = await browser.newPage(PHONE);
    const before = await placePaidOrder(page, BED.slug, BED.size, "before.day@example.com");

    await checkoutWith(page, BED.slug, BED.size);
    await fillAllButTheDay(page, "karabo.day@example.com");
    await main(page).getByRole("button", { name: "Complete Order" }).click();

    // The first day of the list has focus, the list is on the screen, its message beside it.
    await page.waitForFunction(
      () => (document.activeElement as HTMLInputElement | null)?.name === "deliveryDay",
    );
    // The page scrolls smoothly: the list arrives on the screen.
    await expect.poll(() => onScreen(page, '[data-testid="delivery-day"]')).toBe(true);
    const described = await deliveryDays(page).evaluate(
      (el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent,
    );
    expect(described).toBe(CHOOSE_A_DAY);
    // The summary at the top of the form names it, and its link goes back to the list.
    const link = errorSummary(page).getByRole("link", { name: "Delivery Day", exact: true });
    expect(await link.count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabTo(page, link, { back: true });
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page)).toBe("deliveryDay");
    // The page scrolls smoothly: the list arrives on the screen.
    await expect.poll(() => onScreen(page, '[data-testid="delivery-day"]')).toBe(true);

    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto("/checkout");
        await waitForHydration(dark);
        await summary(dark).locator('dl[aria-busy="false"]').waitFor();
        await fillAllButTheDay(dark, "karabo.day@example.com");
        await main(dark).getByRole("button", { name: "Complete Order" }).click();
        await errorSummary(dark).getByRole("link", { name: "Delivery Day", exact: true }).waitFor();
      }),
    ).toEqual([]);

    // The shopper chooses the focused day by keyboard and places the order: the next number.
    expect(await focusedName(page)).toBe("deliveryDay");
    await page.keyboard.press("Space");
    expect(await deliveryDays(page).getByRole("radio").first().isChecked()).toBe(true);
    await main(page).getByRole("button", { name: "Complete Order" }).click();
    await page.waitForURL("**/demo-gateway?**");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL("**/orders/*?token=*");
    // The order's own heading: the gateway's page may still be on screen as the address changes.
    const heading = main(page).getByRole("heading", { level: 1, name: /^Order \d+$/ });
    expect(Number((await heading.textContent())!.replace("Order ", ""))).toBe(before + 1);
  }, 180_000);
});

describe("a promotion code's rules at Apply", () => {
  it("a code for one use per customer asks a guest to sign in, and a minimum-spend code says how far short the cart is", async () => {
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsOwner(admin);
    await admin.goto("/admin/promotions");
    await waitForHydration(admin);
    await admin.getByRole("button", { name: "Create Promotion" }).click();
    const create = admin.getByRole("dialog", { name: "Create Promotion" });
    await create.getByLabel("Code", { exact: true }).fill("ONCE300");
    await create.getByLabel(/^Discount Value/).fill("10");
    await create.getByLabel("One Use per Customer").click();
    await create.getByRole("button", { name: "Create Promotion" }).click();
    await toast(admin, "Promotion Created").waitFor();
    await admin.close();

    const page = await browser.newPage(PHONE);
    await checkoutWith(page, BED.slug, BED.size);
    await applyCode(page, "once300");
    const signIn = "Sign in to use ONCE300: it is for one use per customer.";
    await summary(page).getByText(signIn).waitFor();
    // Not applied: no discount, no "applied", the field still offers Apply.
    expect(
      await summary(page)
        .getByText(/applied/)
        .count(),
    ).toBe(0);
    expect(
      await summary(page)
        .getByText(/^Discount/)
        .count(),
    ).toBe(0);
    const field = summary(page).getByLabel("Promotion code");
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await applyCode(page, "SAVE500");
    await summary(page)
      .getByText(
        "SAVE500 needs a spend of R5,000.00 on goods; your cart is R3,199.00 (R1,801.00 short).",
      )
      .waitFor();
    expect(
      await summary(page)
        .getByText(/applied/)
        .count(),
    ).toBe(0);
    await summary(page).locator('dl[aria-busy="false"]').waitFor();
    expect(
      await summary(page)
        .getByText(/^Discount/)
        .count(),
    ).toBe(0);

    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto("/checkout");
        await waitForHydration(dark);
        await summary(dark).locator('dl[aria-busy="false"]').waitFor();
        await applyCode(dark, "ONCE300");
        await summary(dark).getByText(signIn).waitFor();
      }),
    ).toEqual([]);
  }, 120_000);
});
