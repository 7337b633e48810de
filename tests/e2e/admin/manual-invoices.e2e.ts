import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { mimeParts, rawOf } from "../../setup/mime-parts";
import { pdfToText } from "../../setup/pdf-text";
import { seriousA11yViolations } from "../axe";
import { main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Types a product's name into a line's SKU box and takes the first suggestion, as a keyboard would. */
async function pickVariant(page: Page, sku: Locator, name: string) {
  await sku.focus();
  await page.keyboard.type(name);
  const id = await sku.getAttribute("list");
  const option = page.locator(`datalist[id="${id}"] option`).first();
  await option.waitFor({ state: "attached" });
  const value = (await option.getAttribute("value"))!;
  // What choosing it from the browser's list does: the box holds its SKU.
  await sku.fill(value);
  return value;
}

/** Types into the focused field, replacing what it holds. */
async function retype(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

describe("invoices made by staff", () => {
  it("a phone order: created with a catalogue line and a free-text line, sent with its PDF, marked paid", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.goto("/admin/invoices");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create Invoice" }).click();
    await page.getByRole("heading", { name: "New Invoice", level: 1 }).waitFor();
    await waitForHydration(page);
    const dueDate = await page.getByLabel("Due date").inputValue();
    expect(dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Nothing filled in: the messages sit by the fields.
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await main(page).getByText("This field is required.").waitFor();
    await main(page)
      .getByText("Add at least one line: a SKU or a description, and a quantity.")
      .waitFor();
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await seriousA11yViolations(page), "axe with the messages showing").toEqual([]);

    // The buyer, by keyboard.
    const email = `phone-order-${Date.now()}@example.com`;
    await page.getByLabel("Name").focus();
    await page.keyboard.type("Ṱhohoyanḓou Guest Lodge");
    await page.keyboard.press("Tab");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("015 962 0000");
    await page.getByLabel("Address").focus();
    await page.keyboard.type("12 Mphephu Street");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Thohoyandou 0950");

    // A catalogue line by its SKU, and a free-text line.
    const sku = await pickVariant(page, page.getByLabel("Line 1: SKU or product"), "Backcare");
    // The line says what the SKU is (and the suggestions show no cost price).
    await page
      .getByRole("paragraph")
      .filter({ hasText: /^Simmons Backcare Spring Bed · (Double|Queen)$/ })
      .waitFor();
    expect(await page.locator("datalist option").first().textContent()).not.toContain("cost");
    await page.getByLabel("Quantity").first().focus();
    // Sending sells it from the default warehouse: one the demo surely has.
    await retype(page, "1");
    await page.getByRole("button", { name: "Add line" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Line 2: SKU or product").focus();
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("lines.1.description");
    await page.keyboard.type("Delivery and setting up in Thohoyandou");
    await page.keyboard.press("Tab");
    await page.keyboard.type("1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("850.00");
    await page.getByRole("button", { name: "Create Invoice" }).focus();
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    await toast(page, "Invoice Created").waitFor();
    // The address changes before React swaps the page: wait for the invoice's own heading.
    const invoiceNumber = (await page
      .getByRole("heading", { level: 1, name: /^INV-\d{6}$/ })
      .textContent())!;
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    await main(page).getByText("Draft", { exact: true }).first().waitFor();
    const invoice = page.getByRole("article", { name: `Tax Invoice ${invoiceNumber}` });
    const shown = (await invoice.textContent())!;
    expect(shown).toContain(sku);
    expect(shown).toContain("Delivery and setting up in Thohoyandou");
    await waitForHydration(page);

    // Send: an e-mail to the buyer with the PDF attached.
    await page.getByRole("button", { name: "Send to buyer" }).click();
    await toast(page, "Invoice Sent").waitFor();
    await main(page).getByText("Sent", { exact: true }).first().waitFor();
    const mail = (await outboxMessages()).find(
      (m) => m.to.includes(email) && m.subject.includes(invoiceNumber),
    );
    expect(mail, "the invoice's e-mail in the outbox").toBeDefined();
    expect(mail!.subject).toBe(`Tax invoice ${invoiceNumber} from Slumber Corner Beds`);
    const pdf = mimeParts(rawOf(mail!)).find((p) =>
      p.headers.get("content-type")?.startsWith("application/pdf"),
    );
    expect(pdf?.headers.get("content-disposition")).toContain(`${invoiceNumber}.pdf`);
    const printed = await pdfToText(pdf!.body);
    expect(printed).toContain("Tax Invoice");
    expect(printed).toContain(invoiceNumber);
    expect(printed).toContain("Ṱhohoyanḓou Guest Lodge");
    expect(printed).toContain("Simmons Backcare Spring Bed");
    expect(printed).toContain("Delivery and setting up in Thohoyandou");

    // Mark paid, by keyboard, with the payment's reference.
    await page.getByRole("button", { name: "Mark Paid" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Mark ${invoiceNumber} paid` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Mark Paid" }).click();
    await dialog
      .getByText("Enter the payment's reference, as the bank statement shows it.")
      .waitFor();
    await dialog.getByLabel("Payment reference").focus();
    await page.keyboard.type("FNB 4471 Thohoyandou");
    await page.keyboard.press("Enter");
    await toast(page, "Invoice Paid").waitFor();
    await dialog.waitFor({ state: "detached" });
    await main(page).getByText("Paid", { exact: true }).first().waitFor();
    expect(await invoice.textContent()).toContain("FNB 4471 Thohoyandou");
    expect(await page.getByRole("button", { name: "Cancel Invoice" }).count()).toBe(0);

    // Credit the delivery, by keyboard: the dialog shows the amount and asks to confirm it; the
    // money went back by EFT, with its reference.
    await page.getByRole("button", { name: "Issue Credit Note" }).focus();
    await page.keyboard.press("Enter");
    const credit = page.getByRole("dialog", { name: `Credit ${invoiceNumber}` });
    await credit.waitFor();
    await credit.getByLabel(/^Delivery and setting up in Thohoyandou/).focus();
    await retype(page, "1");
    await credit.getByText("Credit note for R850.00 (VAT included)").waitFor();
    await credit.getByRole("button", { name: "Issue Credit Note" }).click();
    await credit.getByText("Check the amount and confirm the credit note.").waitFor();
    await credit.getByText("Say why the invoice is credited.").waitFor();
    expect(await seriousA11yViolations(page), "axe on the credit dialog").toEqual([]);
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    expect(await seriousA11yViolations(page), "axe on the credit dialog, dark").toEqual([]);
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await credit.getByLabel("Reason").focus();
    await page.keyboard.type("Delivered by the customer's own bakkie");
    await credit.getByLabel("EFT reference").focus();
    await page.keyboard.type("FNB 5520");
    await credit.getByLabel("I confirm a credit note for R850.00").focus();
    await page.keyboard.press("Space");
    await credit.getByRole("button", { name: "Issue Credit Note" }).focus();
    await page.keyboard.press("Enter");
    await toast(page, "Credit Note Issued").waitFor();
    await credit.waitFor({ state: "detached" });
    await main(page)
      .getByRole("link", { name: /^CN-\d{6}$/ })
      .waitFor();
    expect(await main(page).textContent()).toContain("Paid back by EFT (FNB 5520)");

    // A price adjustment whose money goes back tomorrow: "not paid back yet", then recorded
    // by keyboard once the card machine has refunded it.
    await page.getByRole("button", { name: "Issue Credit Note" }).focus();
    await page.keyboard.press("Enter");
    await credit.waitFor();
    await credit.getByLabel("Or an amount (R)").fill("100,00");
    await credit.getByLabel("Reason").fill("Scuffed headboard");
    await credit.getByLabel(/^Not paid back yet/).check();
    expect(await credit.getByLabel("EFT reference").count()).toBe(0);
    await credit.getByLabel("I confirm a credit note for R100.00").check();
    await credit.getByRole("button", { name: "Issue Credit Note" }).click();
    await toast(page, "Credit Note Issued").waitFor();
    await credit.waitFor({ state: "detached" });
    await main(page).getByText("Not paid back yet").waitFor();
    await page.getByRole("button", { name: "Record Paid Back" }).focus();
    await page.keyboard.press("Enter");
    const paidBack = page.getByRole("dialog", { name: /^CN-\d{6} paid back$/ });
    await paidBack.waitFor();
    await paidBack.getByLabel(/^By card at the till/).check();
    await paidBack.getByRole("button", { name: "Record Paid Back" }).click();
    await paidBack.getByText("Enter the card slip's reference from the till.").waitFor();
    expect(await seriousA11yViolations(page), "axe on the paid-back dialog").toEqual([]);
    await paidBack.getByLabel("Card slip reference").focus();
    await page.keyboard.type("Till 0042");
    await page.keyboard.press("Enter");
    await toast(page, "Paid Back").waitFor();
    await paidBack.waitFor({ state: "detached" });
    await main(page)
      .getByText(/Paid back by card at the till \(Till 0042\)/)
      .waitFor();
    expect(await main(page).getByText("Not paid back yet").count()).toBe(0);

    // The list shows it paid.
    await page.goto("/admin/invoices");
    await waitForHydration(page);
    await page.getByLabel("Search invoices").fill(invoiceNumber);
    await page.getByLabel("Search invoices").press("Enter");
    const row = page.getByTestId("invoice-row").filter({ hasText: invoiceNumber });
    await row.waitFor();
    await expect.poll(() => page.getByTestId("invoice-row").count()).toBe(1);
    expect(await row.textContent()).toContain("Paid");
    expect(await row.textContent()).toContain("Ṱhohoyanḓou Guest Lodge");
  });

  it("a draft is edited, then cancelled with a reason, keeping its number", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.goto("/admin/invoices/new");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Mmabatho Primary School");
    await page.getByLabel("Line 1: SKU or product").fill("");
    await page.getByLabel("Description").first().fill("Hostel mattresses, single, 150 mm foam");
    await page.getByLabel("Quantity").first().fill("40");
    await page.getByLabel("Unit price (R)").first().fill("1199");
    await expect
      .poll(() => page.getByTestId("invoice-form-total").textContent())
      .toContain("R47,960.00");
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    // The address changes before React swaps the page: wait for the invoice's own heading.
    const invoiceNumber = (await page
      .getByRole("heading", { level: 1, name: /^INV-\d{6}$/ })
      .textContent())!;
    await waitForHydration(page);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: `Edit ${invoiceNumber}` }).waitFor();
    await waitForHydration(page);
    expect(await page.getByLabel("Unit price (R)").first().inputValue()).toBe("1199.00");
    await page.getByLabel("Quantity").first().fill("45");
    await page.getByRole("button", { name: "Save Draft" }).click();
    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    await toast(page, "Invoice Updated").waitFor();
    const invoice = page.getByRole("article", { name: `Tax Invoice ${invoiceNumber}` });
    await expect.poll(() => invoice.textContent()).toContain("R53,955.00");
    await waitForHydration(page);

    // No e-mail address: sending is refused with a notice, and nothing changes.
    await page.getByRole("button", { name: "Send to buyer" }).click();
    await toast(page, "No E-mail Address").waitFor();
    await main(page).getByText("Draft", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "Cancel Invoice" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Cancel ${invoiceNumber}` });
    await dialog.getByLabel("Reason").focus();
    await page.keyboard.type("The school ordered through the department instead");
    await dialog.getByRole("button", { name: "Cancel Invoice" }).click();
    await toast(page, "Invoice Cancelled").waitFor();
    await dialog.waitFor({ state: "detached" });
    await main(page).getByText("Cancelled", { exact: true }).first().waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(invoiceNumber);
    const shown = (await invoice.textContent())!;
    expect(shown).toContain("Cancelled: this invoice is void");
    expect(shown).toContain("The school ordered through the department instead");
    expect(await page.getByRole("link", { name: "Edit", exact: true }).count()).toBe(0);
  });
});
