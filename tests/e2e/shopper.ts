import type { Page } from "playwright-core";
import { main, waitForHydration } from "./browser";

export const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]", { hasText: title }).last();
export const summary = (page: Page) => main(page).getByRole("region", { name: "Order Summary" });

/** Adds one of the product's size to the cart from its product page, then opens the checkout. */
export async function checkoutWith(page: Page, slug: string, size: string) {
  await page.goto(`/products/${slug}?size=${size}`);
  await waitForHydration(page);
  await main(page).getByRole("button", { name: "Add to Cart" }).first().click();
  await toast(page, "Added to Cart").waitFor();
  await page.goto("/cart");
  await waitForHydration(page);
  await main(page).getByRole("link", { name: "Proceed to Checkout" }).click();
  await page.waitForURL("**/checkout");
  await waitForHydration(page);
  // The summary is priced by the server once the page has asked.
  await summary(page).locator('dl[aria-busy="false"]').waitFor();
}

export async function fillDetails(page: Page, email = "lerato.shopper@example.com") {
  const form = main(page);
  await form.getByLabel("First Name").fill("Lerato");
  await form.getByLabel("Last Name").fill("Dlamini");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("082 555 0101");
  await form.getByLabel("Street Address").fill("7 Buiten Street");
  await form.getByLabel("City / Town").fill("Lichtenburg");
  await form.getByLabel("Postal Code").fill("2740");
  await chooseDeliveryDay(page);
}

/** The checkout's "Delivery Day" choices, offered once the address matches a delivery zone. */
export const deliveryDays = (page: Page) =>
  main(page).getByRole("group", { name: "Delivery Day", exact: true });

/**
 * Chooses the first delivery day offered (once the address's zone is known), unless one is
 * chosen already; answers its label, such as "Thursday 3 December".
 */
export async function chooseDeliveryDay(page: Page): Promise<string> {
  await summary(page).locator('dl[aria-busy="false"]').waitFor();
  const group = deliveryDays(page);
  await group.getByRole("radio").first().waitFor();
  const chosen = group.locator("input[type=radio]:checked");
  if ((await chosen.count()) === 0) await group.getByRole("radio").first().check();
  const label = await group.locator("label", { has: page.locator("input:checked") }).textContent();
  return (label ?? "").trim();
}

/** Sends the checkout; chooses the first delivery day first when the zone offers days and none is chosen. */
export async function completeOrder(page: Page) {
  // The address may just have changed: wait for its price and days.
  await summary(page).locator('dl[aria-busy="false"]').waitFor();
  const days = deliveryDays(page);
  if ((await days.count()) > 0 && (await days.locator("input:checked").count()) === 0) {
    await days.getByRole("radio").first().check();
  }
  await main(page).getByRole("button", { name: "Complete Order" }).click();
}

/**
 * A shopper buys one of a product by instant EFT through the demo gateway; answers the order
 * number. `day` books the last day offered, or a given one ("2026-12-03"), instead of the first;
 * `addOns` ticks delivery add-ons by their labels ("Take away my old mattress or bed").
 */
export async function placePaidOrder(
  page: Page,
  slug: string,
  size: string,
  email: string,
  options: { day?: "last" | string; addOns?: string[] } = {},
) {
  await checkoutWith(page, slug, size);
  await fillDetails(page, email);
  if (options.day) {
    const group = deliveryDays(page);
    await (
      options.day === "last"
        ? group.getByRole("radio").last()
        : group.locator(`input[type=radio][value="${options.day}"]`)
    ).check();
  }
  for (const addOn of options.addOns ?? []) await main(page).getByLabel(addOn).check();
  await main(page).getByLabel("PayFast instant EFT").check();
  await main(page)
    .getByLabel(/I agree to the/)
    .check();
  await completeOrder(page);
  await page.waitForURL("**/demo-gateway?**");
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL("**/orders/*?token=*");
  await main(page).getByText("Payment received").waitFor();
  // The order's own heading: the gateway's page may still be on screen as the address changes.
  const heading = main(page).getByRole("heading", { level: 1, name: /^Order \d+$/ });
  return Number((await heading.textContent())!.replace("Order ", ""));
}

/** Makes a shopper account (its e-mail not yet confirmed) and signs in to it: on /account. */
export async function signUpAndSignIn(page: Page, name: string, email: string) {
  const password = "sleep-well-7";
  await page.goto("/account/sign-up");
  await waitForHydration(page);
  await main(page).getByLabel("Full name").fill(name);
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password (at least 6 characters)").fill(password);
  await main(page).getByLabel("Confirm password").fill(password);
  await main(page).getByRole("button", { name: "Create account" }).click();
  await main(page).getByText("Check your e-mail").waitFor();
  await page.goto("/account/sign-in");
  await waitForHydration(page);
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/account$/);
}
