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
}

export async function completeOrder(page: Page) {
  await main(page).getByRole("button", { name: "Complete Order" }).click();
}

/** A shopper buys one of a product by instant EFT through the demo gateway; answers the order number. */
export async function placePaidOrder(page: Page, slug: string, size: string, email: string) {
  await checkoutWith(page, slug, size);
  await fillDetails(page, email);
  await main(page).getByLabel("PayFast instant EFT").check();
  await main(page)
    .getByLabel(/I agree to the/)
    .check();
  await completeOrder(page);
  await page.waitForURL("**/demo-gateway?**");
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL("**/orders/*?token=*");
  await main(page).getByText("Payment received").waitFor();
  const heading = await main(page).getByRole("heading", { level: 1 }).textContent();
  return Number(heading!.replace("Order ", ""));
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
