import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { placePaidOrder } from "../shopper";
import { DEMO_OWNER, signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Axe's serious findings on the page as it is, in the light and the dark theme. */
async function findingsInBothThemes(page: Page) {
  const findings: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate((dark) => {
      const root = document.documentElement;
      if (root.dataset.theme === "system") root.classList.toggle("dark", dark);
    }, colorScheme === "dark");
    findings.push(...(await seriousA11yViolations(page)).map((f) => `${colorScheme}: ${f}`));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return findings;
}

/** Waits for the notices to close (sonner's success notice is the toast area's contrast to fix). */
async function toastsGone(page: Page) {
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("customers in the back office", () => {
  it("staff find a customer by search, open their page, and add a tag and a note by keyboard", async () => {
    const email = `customers-${Date.now()}@example.com`;
    const shopper = await browser.newPage();
    const number = await placePaidOrder(shopper, "backcare-spring-bed", "queen", email);

    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.getByRole("link", { name: "Customers" }).first().click();
    await page.waitForURL(/\/admin\/customers$/);
    await page.getByRole("heading", { name: "Customers", exact: true }).waitFor();
    await waitForHydration(page);
    expect(await findingsInBothThemes(page), "axe on the list").toEqual([]);

    // Search by keyboard: the search box, the address, Enter.
    const search = page.getByLabel("Search customers");
    await tabTo(page, search);
    await page.keyboard.type(email.slice(0, 20));
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=customers-/);
    await page.getByRole("heading", { name: "Customers (1)" }).waitFor();
    const row = page.getByTestId("customer-row").filter({ hasText: email });
    expect(await row.textContent()).toMatch(/Lerato Dlamini.*1.*R\d.*Guest.*No consent/);

    const link = row.getByRole("link", { name: "Lerato Dlamini" });
    await tabTo(page, link);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/admin/customers/g-${number}`);
    await page.getByRole("heading", { name: "Lerato Dlamini", level: 1 }).waitFor();
    await waitForHydration(page);
    await main(page)
      .getByRole("link", { name: `#${number}` })
      .waitFor();
    expect(await page.getByTestId("customer-summary").textContent()).toContain("Guest · 1 order");

    // An empty tag is answered by the field, without a trip to the server.
    const tagField = page.getByLabel("New tag");
    await tabTo(page, tagField);
    await page.keyboard.press("Enter");
    await page.getByText("This field is required.").waitFor();
    expect(await tagField.getAttribute("aria-invalid")).toBe("true");

    await page.keyboard.type("Trade");
    await page.keyboard.press("Enter");
    await toast(page, "Tag Added").waitFor();
    const tag = page.getByTestId("customer-tag").filter({ hasText: "Trade" });
    await tag.waitFor();
    expect(await tag.textContent()).toContain(DEMO_OWNER.email);

    const noteField = page.getByLabel("New note");
    await tabTo(page, noteField);
    await page.keyboard.type("Wants delivery after 16:00; the gate code is at the guard house.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await toast(page, "Note Added").waitFor();
    const note = page.getByTestId("customer-note").filter({ hasText: "after 16:00" });
    await note.waitFor();
    expect(await note.textContent()).toContain(DEMO_OWNER.email);
    expect(await noteField.inputValue()).toBe("");

    await toastsGone(page);
    expect(await findingsInBothThemes(page), "axe on the customer's page").toEqual([]);

    // The owner opens them in Privacy Requests, with staff's notes and tags among what is held.
    await page.getByRole("button", { name: "Open in Privacy Requests" }).click();
    await page.waitForURL(/\/admin\/privacy$/);
    await main(page)
      .getByRole("heading", { name: /^Held about/ })
      .waitFor();
    expect(await main(page).textContent()).toContain("Staff notes and tags");

    // The list filters by the new tag.
    await page.goto("/admin/customers?tag=trade");
    await page.getByTestId("customer-row").filter({ hasText: email }).waitFor();

    // A hand-made invoice picks them by keyboard: typed, offered, and the buyer filled in.
    await page.goto("/admin/invoices/new");
    await waitForHydration(page);
    const picker = page.getByLabel("Existing customer");
    await tabTo(page, picker);
    await page.keyboard.type(email.slice(0, 12));
    await page.locator(`datalist option[value="${email}"]`).waitFor({ state: "attached" });
    await page.keyboard.type(email.slice(12));
    await page.getByText("The buyer is filled in from Lerato Dlamini's details.").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Lerato Dlamini");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel("Phone", { exact: true }).inputValue()).toBe("082 555 0101");
    expect(await page.getByLabel("Address").inputValue()).toBe("7 Buiten Street\nLichtenburg 2740");

    // On a phone, the customer's page and the list do not scroll sideways.
    const phone = await browser.newPage(PHONE);
    await signInAsOwner(phone);
    await phone.goto(`/admin/customers/g-${number}`);
    await phone.getByRole("heading", { name: "Lerato Dlamini", level: 1 }).waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await phone.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
    await phone.getByTestId("customer-row").waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
  });
});
