import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { pdfToText } from "../../setup/pdf-text";
import { main, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe("tax invoices", () => {
  it("a paid order's invoice downloads from the shopper's order page and from the back office", async () => {
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "invoice-test@example.com",
    );
    const [fromOrderPage] = await Promise.all([
      shopper.waitForEvent("download"),
      main(shopper)
        .getByRole("link", { name: /Download tax invoice INV-\d{6}/ })
        .click(),
    ]);
    const invoiceNumber = /INV-\d{6}/.exec(fromOrderPage.suggestedFilename())?.[0];
    expect(invoiceNumber, fromOrderPage.suggestedFilename()).toBeDefined();
    const shopperText = await pdfToText(await fs.readFile(await fromOrderPage.path()));
    expect(shopperText).toContain("Tax Invoice");
    expect(shopperText).toContain(invoiceNumber);
    expect(shopperText).toContain(`#${number}`);

    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/invoices");
    await waitForHydration(admin);
    await admin.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();
    await admin.getByLabel("Search invoices").fill(String(number));
    await admin.getByLabel("Search invoices").press("Enter");
    const row = admin.getByTestId("invoice-row").filter({ hasText: invoiceNumber! });
    await row.waitFor();
    expect(await row.textContent()).toContain("Paid");
    await row.getByRole("link", { name: `View ${invoiceNumber}` }).click();
    await admin.waitForURL(/\/admin\/invoices\/\d+$/);
    await admin.getByRole("heading", { name: invoiceNumber!, level: 1 }).waitFor();
    const invoice = admin.getByRole("article", { name: `Tax Invoice ${invoiceNumber}` });
    expect(await invoice.textContent()).toContain("Date of issue");
    const [fromBackOffice] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(fromBackOffice.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const adminText = await pdfToText(await fs.readFile(await fromBackOffice.path()));
    expect(adminText).toBe(shopperText);

    // The order's own page points to it too.
    await admin.goto(`/admin/orders/${number}`);
    await admin.getByRole("link", { name: "Download invoice (PDF)" }).waitFor();
    expect(await admin.getByText(`Tax invoice ${invoiceNumber}`, { exact: true }).count()).toBe(1);
  });

  it("a refund through the provider issues a credit note that downloads from the order", async () => {
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "refund-test@example.com",
    );
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto(`/admin/orders/${number}`);
    await waitForHydration(admin);
    const form = admin.getByRole("form", { name: "Refund" });
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    // Nothing chosen: the form says so by the field, and nothing is refunded.
    await form.getByText("Choose the lines to refund, or enter an amount.").waitFor();
    await form.getByLabel(/Backcare/).fill("1");
    await form.getByLabel("Reason").fill("Arrived damaged");
    await form.getByLabel(/Through the demo gateway/).check();
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    // Nothing moves before staff confirm the amount.
    await admin.getByRole("button", { name: /^Confirm: pay back R/ }).click();
    await toast(admin, "Refund Made").waitFor();
    const link = admin.getByRole("link", { name: /Download credit note CN-\d{6}/ });
    await link.waitFor();
    const [download] = await Promise.all([admin.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^CN-\d{6}\.pdf$/);
    const text = await pdfToText(await fs.readFile(await download.path()));
    expect(text).toContain("Credit Note");
    expect(text).toContain("Arrived damaged");
    expect(text).toMatch(/Reduces tax invoice INV-\d{6}/);
    // Refunded in full: the order says so and offers no further refund.
    await admin.getByText("Refunded", { exact: true }).first().waitFor();
    expect(await admin.getByRole("form", { name: "Refund" }).count()).toBe(0);
    // The shopper's order page says so too: nothing is left to deliver, so it is cancelled.
    await shopper.reload();
    await main(shopper).getByText("refunded, the way you paid").waitFor();
  });
});
