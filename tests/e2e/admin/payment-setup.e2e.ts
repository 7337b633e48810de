import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { announcedFieldErrors, focusedLabel } from "../forms";
import { STAND_IN_MERCHANT_ID } from "../server/payfast-stand-in";
import { expectFocused } from "../keyboard";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const INTEGRATIONS = "/admin/settings/integrations";

const payfastSection = (page: Page) => main(page).getByRole("region", { name: "PayFast" });
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What the shop answers at `address` for the signed-in owner (the page's own cookies). */
async function fetchAsOwner(page: Page, address: string) {
  const response = await page.context().request.get(address);
  expect(response.status(), address).toBe(200);
  return response.text();
}

/** Removes PayFast's saved keys from the page, as the owner would, when some are saved. */
async function removePayfastKeys(admin: Page) {
  await admin.goto(INTEGRATIONS);
  await waitForHydration(admin);
  const remove = main(admin).getByRole("button", { name: "Remove saved PayFast keys" });
  if ((await remove.count()) === 0) return;
  await remove.click();
  await toast(admin, "Keys Removed").waitFor();
}

const bankForm = (page: Page) =>
  main(page).getByRole("group", { name: "Bank details for EFT payments" });

/** Fills the bank details form with `values` (field label to value) and presses its Save. */
async function submitBankDetails(admin: Page, values: Record<string, string>) {
  const bank = bankForm(admin);
  for (const [label, value] of Object.entries(values)) {
    const field = bank.getByLabel(label, { exact: true });
    if (label === "Account type") await field.selectOption(value);
    else await field.fill(value);
  }
  await bank.getByRole("button", { name: "Save Bank Details" }).click();
}

/** Saves the bank details and waits for the notice that says what invoices print now. */
async function saveBankDetails(admin: Page, values: Record<string, string>) {
  await submitBankDetails(admin, values);
  const printed = Object.values(values).some(Boolean)
    ? "Hand-made invoices still to be paid print these bank details."
    : "No bank details: hand-made invoices print none.";
  await toast(admin, printed).waitFor();
}

describe("payment set-up in Settings > Integrations", () => {
  it("the owner saves PayFast's keys by keyboard, sees only the key's last four characters, tests the connection and saves the bank details", async () => {
    // Secrets of this run only, so nothing else on the page can contain them by chance.
    const merchantKey = `mk${randomBytes(8).toString("hex")}`;
    const passphrase = `pp${randomBytes(8).toString("hex")}`;
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.getByRole("link", { name: "Settings", exact: true }).click();
    await admin.waitForURL(/\/admin\/settings$/);
    await main(admin).getByRole("link", { name: "Integrations" }).click();
    await admin.waitForURL(/\/admin\/settings\/integrations$/);
    await waitForHydration(admin);
    const payfast = payfastSection(admin);
    // The address changes before React puts the new page in: wait for the section itself.
    await payfast.waitFor();
    expect(await payfast.getByText("Not configured").count()).toBe(1);
    const bank = bankForm(admin);
    const originalBank = {
      Bank: await bank.getByLabel("Bank", { exact: true }).inputValue(),
      "Account holder": await bank.getByLabel("Account holder").inputValue(),
      "Account number": await bank.getByLabel("Account number").inputValue(),
      "Branch code": await bank.getByLabel("Branch code").inputValue(),
      "Account type": await bank.getByLabel("Account type").inputValue(),
    };

    try {
      // By keyboard: a merchant id with letters, then the key, the passphrase, and Save.
      await payfast.getByLabel("Merchant ID").focus();
      await admin.keyboard.type(`PF-${STAND_IN_MERCHANT_ID}`);
      await admin.keyboard.press("Tab");
      expect(await focusedLabel(admin)).toBe("Merchant key");
      await admin.keyboard.type(merchantKey);
      await admin.keyboard.press("Tab");
      expect(await focusedLabel(admin)).toBe("Passphrase");
      await admin.keyboard.type(passphrase);
      await admin.keyboard.press("Tab");
      expect(await focusedLabel(admin)).toBe("Mode");
      await admin.keyboard.press("Tab");
      const save = payfast.getByRole("button", { name: "Save PayFast" });
      await expectFocused(save);
      await admin.keyboard.press("Enter");

      // The wrong merchant id is described at its field, and nothing is saved.
      await payfast.getByText("digits only, such as 10000100").waitFor();
      expect(await announcedFieldErrors(payfast)).toEqual([
        {
          field: "Merchant ID",
          message: "Enter the merchant id as PayFast shows it: digits only, such as 10000100.",
        },
      ]);
      expect(await payfast.getByText("Not configured").count()).toBe(1);

      // Corrected by keyboard (the secrets typed before are still in their fields), and saved.
      await payfast.getByLabel("Merchant ID").focus();
      await admin.keyboard.press("ControlOrMeta+A");
      await admin.keyboard.type(STAND_IN_MERCHANT_ID);
      await save.focus();
      await admin.keyboard.press("Enter");
      await toast(admin, "Settings Saved").waitFor();
      await payfast.getByText("Configured", { exact: true }).waitFor();
      expect(await payfast.locator("p", { hasText: "Configured" }).first().innerText()).toMatch(
        /^Configured\s+Sandbox$/,
      );

      // The key and the passphrase are shown by their last four characters, their fields empty.
      const keyHint = `Saved: •••• ${merchantKey.slice(-4)}.`;
      await payfast.getByText(keyHint).waitFor();
      await payfast.getByText(`Saved: •••• ${passphrase.slice(-4)}.`).waitFor();
      expect(await payfast.getByLabel("Merchant key").inputValue()).toBe("");
      expect(await payfast.getByLabel("Passphrase").inputValue()).toBe("");
      expect(await payfast.getByLabel("Merchant ID").inputValue()).toBe(STAND_IN_MERCHANT_ID);

      // Neither secret is anywhere in the page, its server HTML or its route data.
      const html = await admin.content();
      const served = await fetchAsOwner(admin, INTEGRATIONS);
      const data = await fetchAsOwner(admin, `${INTEGRATIONS}.data`);
      // What was fetched is the owner's page and data (the saved id and the key's last four).
      for (const text of [served, data]) {
        expect(text).toContain(STAND_IN_MERCHANT_ID);
        expect(text).toContain(merchantKey.slice(-4));
      }
      for (const text of [html, served, data]) {
        expect(text).not.toContain(merchantKey);
        expect(text).not.toContain(passphrase);
      }

      // "Test the connection" asks the stand-in for PayFast with the saved merchant id.
      await payfast.getByRole("button", { name: "Test the PayFast connection" }).click();
      await toast(admin, "Connection Works").waitFor();
      await payfast.getByText("PayFast accepted the shop's credentials (sandbox).").waitFor();

      // The bank details for EFT: a wrong branch code is described at its field, then saved.
      const details = {
        Bank: "FNB",
        "Account holder": "Lichtenburg Beds (Pty) Ltd",
        "Account number": "620 1234 5678",
        "Branch code": "2506",
        "Account type": "Cheque",
      };
      await submitBankDetails(admin, details);
      await bank.getByText("Enter the six-digit branch code").waitFor();
      expect(await announcedFieldErrors(bank)).toEqual([
        { field: "Branch code", message: "Enter the six-digit branch code, such as 250655." },
      ]);
      await saveBankDetails(admin, { ...details, "Branch code": "250655" });
      await admin.reload();
      await waitForHydration(admin);
      expect(await bank.getByLabel("Account number").inputValue()).toBe("62012345678");
      expect(await bank.getByLabel("Branch code").inputValue()).toBe("250655");
      expect(await bank.getByLabel("Account type").inputValue()).toBe("Cheque");
      // After the reload, PayFast is still set up from what was saved.
      await payfast.getByText(keyHint).waitFor();
    } finally {
      // Other journeys on this shop pay through the demo gateway, with the shop's own details.
      await removePayfastKeys(admin);
      await saveBankDetails(admin, originalBank);
    }
    await expect.poll(() => payfast.getByText("Not configured").count()).toBe(1);
  });

  it("on a 390 px phone the page does not scroll sideways", async () => {
    const admin = await browser.newPage(PHONE);
    await signInAsOwner(admin);
    await admin.goto(INTEGRATIONS);
    await waitForHydration(admin);
    await payfastSection(admin).getByLabel("Merchant ID").waitFor();
    expect(await noSidewaysScroll(admin)).toBe(true);
  });
});
