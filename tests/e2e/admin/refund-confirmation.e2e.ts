import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { mimeParts, rawOf } from "../../setup/mime-parts";
import { pdfToText } from "../../setup/pdf-text";
import { seriousA11yViolations } from "../axe";
import { tabTo } from "../keyboard";
import { main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

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

/** "R12,345.67" as cents. */
const cents = (text: string | null) => {
  const match = /^R([\d,]+)\.(\d{2})$/.exec((text ?? "").trim());
  if (!match) throw new Error(`Not an amount: ${text}`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
};

/**
 * Net sales as each screen shows them: the Dashboard's Total Revenue and the Orders page's
 * Revenue (all time), and Reports' net sales for this year (every order of this shop, which
 * opened today with fresh demo data and no orders).
 */
async function netSalesOnEveryScreen(admin: Page) {
  await admin.goto("/admin");
  const dashboard = cents(await main(admin).getByTestId("stat-total-revenue").textContent());
  await admin.goto("/admin/orders");
  const orders = cents(await main(admin).getByTestId("stat-revenue").textContent());
  await admin.goto("/admin/reports?period=this-year");
  const reports = cents(await main(admin).getByTestId("metric-net-sales-incl-vat").textContent());
  return { dashboard, orders, reports };
}

describe("a refund shows its amount and is confirmed; the shopper is told", () => {
  it("staff refund part of an order, read the amount and confirm by keyboard; the shopper sees the refund and its credit note; every screen's net sales agree", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    const before = await netSalesOnEveryScreen(admin);
    expect(before.orders).toBe(before.dashboard);
    expect(before.reports).toBe(before.dashboard);

    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "part-refund@example.com",
    );
    await admin.goto(`/admin/orders/${number}`);
    await waitForHydration(admin);
    const form = admin.getByRole("form", { name: "Refund" });
    await form.getByLabel("Or an amount (R)").fill("500,00");
    await form.getByLabel("Reason").fill("Delivered a week late");
    await form.getByLabel(/Through the demo gateway/).check();
    await form.getByRole("button", { name: "Refund", exact: true }).click();

    // The amount and how it goes back, before anything moves.
    const confirmation = admin.getByTestId("refund-confirmation");
    await confirmation.waitFor();
    expect(await admin.getByTestId("refund-preview").textContent()).toBe(
      "Pay back R500.00: R500.00 through the demo gateway.",
    );
    expect(await findingsInBothThemes(admin)).toEqual([]);
    // Back: the form again, as typed.
    await confirmation.getByRole("link", { name: "Back" }).click();
    await confirmation.waitFor({ state: "detached" });
    expect(await form.getByLabel("Or an amount (R)").inputValue()).toBe("500,00");
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe("Refund");
    await admin.keyboard.press("Enter");
    // The confirmation takes the focus; Tab reaches Confirm; Enter pays back.
    await admin.getByRole("heading", { name: "Confirm the refund" }).waitFor();
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe(
      "Confirm the refund",
    );
    await tabTo(admin, admin.getByRole("button", { name: "Confirm: pay back R500.00" }));
    await admin.keyboard.press("Enter");
    await toast(admin, "Refund Made").waitFor();
    const state = main(admin).getByText(/^Partly refunded \(R500\.00 of R[\d,]+\.\d{2}\)$/);
    await state.waitFor();
    const paidCents = cents(/of (R[\d,]+\.\d{2})\)$/.exec((await state.textContent())!)![1]!);
    const noteLink = admin.getByRole("link", { name: /Download credit note CN-\d{6}/ });
    const noteNumber = /CN-\d{6}/.exec((await noteLink.textContent())!)![0];

    // The invoice page lists its credit note.
    await admin.getByRole("link", { name: "View invoice" }).click();
    await admin.waitForURL(/\/admin\/invoices\/\d+$/);
    await admin.getByRole("heading", { name: "Credit notes" }).waitFor();
    await main(admin)
      .getByRole("link", { name: new RegExp(`^${noteNumber}\\b`) })
      .waitFor();

    // The shopper: the refund and its credit note on the order page, and the e-mail.
    await shopper.reload();
    expect(await main(shopper).getByTestId("payment-state").textContent()).toMatch(
      /^Partly refunded \(R500\.00 of R[\d,]+\.\d{2}\)$/,
    );
    const refunds = main(shopper).getByTestId("order-refunds");
    expect(await refunds.textContent()).toContain("R500.00");
    expect(await refunds.textContent()).toContain("Paid back");
    const [download] = await Promise.all([
      shopper.waitForEvent("download"),
      refunds.getByRole("link", { name: `Download credit note ${noteNumber} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${noteNumber}.pdf`);
    expect(await pdfToText(await fs.readFile(await download.path()))).toContain(
      "Delivered a week late",
    );
    const mail = (await outboxMessages()).find(
      (m) => m.subject === `Refund of R500.00 for order ${number}`,
    );
    expect(mail?.to).toBe("part-refund@example.com");
    // The credit note rides along as a PDF, beside the text and HTML parts.
    const attached = mimeParts(rawOf(mail!)).find((p) =>
      p.headers.get("content-type")?.startsWith("application/pdf"),
    );
    expect(attached?.headers.get("content-disposition")).toContain(`${noteNumber}.pdf`);

    // The Dashboard, the Orders page and Reports show one net sales figure, and it grew by
    // what the shopper paid less what was refunded.
    const after = await netSalesOnEveryScreen(admin);
    expect(after).toEqual({
      dashboard: before.dashboard + paidCents - 50_000,
      orders: before.dashboard + paidCents - 50_000,
      reports: before.dashboard + paidCents - 50_000,
    });
  }, 180_000);

  it("works without JavaScript: the page shows the preview, Confirm refunds", async () => {
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "no-script-refund@example.com",
    );
    const signedIn = await browser.newPage(DESKTOP);
    await signInAsOwner(signedIn);
    const admin = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    await admin.context().addCookies(await signedIn.context().cookies());
    await admin.goto(`/admin/orders/${number}`);
    const form = admin.getByRole("form", { name: "Refund" });
    await form.getByLabel("Or an amount (R)").fill("1000");
    await form.getByLabel("Reason").fill("Price matched");
    await form.getByLabel(/Through the demo gateway/).check();
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await admin.getByTestId("refund-preview").waitFor();
    expect(await admin.getByTestId("refund-preview").textContent()).toBe(
      "Pay back R1,000.00: R1,000.00 through the demo gateway.",
    );
    await admin.getByRole("button", { name: "Confirm: pay back R1,000.00" }).click();
    const paidBack = main(admin).getByText(/^Partly refunded \(R1,000\.00 of /);
    await paidBack.waitFor();
    await main(admin)
      .getByRole("link", { name: /Download credit note CN-\d{6}/ })
      .waitFor();
    const listed = main(admin).getByRole("list", { name: "Refunds" }).getByRole("listitem");
    expect(await listed.count()).toBe(1);

    // Reading the page again pays nothing back twice: the Confirm was answered with a redirect
    // to the order's page (a GET), which names the refund and says what was done.
    await admin.reload();
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    await paidBack.waitFor();
    expect(new URL(admin.url()).search).toMatch(/^\?refund=\d+$/);
    expect(await admin.getByTestId("refund-notice").textContent()).toMatch(
      /^Refund Made: R1,000\.00 paid back; credit note CN-\d{6} issued\.$/,
    );
  });
});
