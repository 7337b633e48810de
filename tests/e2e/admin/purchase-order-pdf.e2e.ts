import fs from "node:fs/promises";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { outboxMessages, useBrowser, waitForHydration } from "../browser";
import { mimeParts, rawOf } from "../../setup/mime-parts";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const SKU = "MT-07-QN";

async function pdfText(pdf: Uint8Array) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\u00a0/g, " ");
}

describe("a purchase order's PDF", () => {
  it("downloads with its number and lines, and is e-mailed to the supplier with it attached", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsOwner(page);

    // A purchase order for the demo supplier whose contact has a Venda name.
    await page.goto("/admin/purchase-orders/new");
    await waitForHydration(page);
    const supplier = page.getByLabel("Supplier");
    const vhembe = await supplier
      .locator("option", { hasText: "Vhembe Spring & Mattress Works" })
      .getAttribute("value");
    await supplier.selectOption(vhembe!);
    await page.getByLabel("Line 1: SKU or product").fill(SKU);
    await page.getByLabel("Quantity").fill("4");
    await page.getByLabel("Unit cost (R)").fill("2500.50");
    await page.getByRole("button", { name: "Create and Submit" }).click();
    await page.waitForURL(/\/admin\/purchase-orders\/\d+$/);
    await waitForHydration(page);
    // The address changes before the new page has rendered: wait for its own heading.
    const heading = await page.getByRole("heading", { level: 1, name: /PO-\d{4,}/ }).textContent();
    const poNumber = /PO-\d{4,}/.exec(heading ?? "")?.[0];
    expect(poNumber, `a PO number in "${heading}"`).toBeDefined();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${poNumber}.pdf`);
    const text = await pdfText(await fs.readFile(await download.path()));
    expect(text).toContain(poNumber);
    expect(text).toContain("Ṱhalitshani Muḓau");
    expect(text).toMatch(new RegExp(`${SKU}.*, Queen\\s*4\\s*R2,500\\.50\\s*R10,002\\.00`));

    // Sent to the supplier: the shop has no SMTP server here, so the mail is in the outbox.
    const before = (await outboxMessages()).length;
    await page.getByRole("button", { name: "Send to supplier" }).click();
    await toast(page, "Purchase Order Sent").waitFor();
    const sent = (await outboxMessages()).slice(before);
    expect(sent.map((m) => m.to)).toEqual(["sales@vhembesprings.example.co.za"]);
    const attachment = mimeParts(rawOf(sent[0]!)).find((p) =>
      p.headers.get("content-type")?.startsWith("application/pdf"),
    );
    expect(attachment?.headers.get("content-disposition")).toContain(`${poNumber}.pdf`);
    expect(await pdfText(attachment!.body)).toContain(SKU);

    // One that does not exist is a 404, not an error page of the server's.
    const missing = await page.request.get("/admin/purchase-orders/2147483647/pdf");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).not.toBe("application/pdf");
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  });
});
