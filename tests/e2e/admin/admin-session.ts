import type { Page } from "playwright-core";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { waitForHydration } from "../browser";

export { DEMO_OWNER };

/** Signs in at the Admin Portal and waits for the dashboard. */
export async function signInAsOwner(page: Page) {
  await page.goto("/admin-login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin$/);
  await waitForHydration(page);
}

export const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]", { hasText: title }).last();
