import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { pdfToText } from "../../setup/pdf-text";
import { main, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner } from "./admin-session";

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
});
