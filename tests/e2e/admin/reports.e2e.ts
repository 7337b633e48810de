import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Today in Johannesburg, the demo shop's zone, as the CSV writes days. */
const today = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Africa/Johannesburg",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

describe("reports", () => {
  it("the owner reads this month's report and downloads its sales by day as CSV", async () => {
    const shopper = await browser.newPage();
    await placePaidOrder(shopper, "backcare-spring-bed", "queen", "report-buyer@example.com");

    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.getByRole("link", { name: "View Reports" }).click();
    await admin.waitForURL("**/admin/reports");
    await waitForHydration(admin);
    await admin.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    expect(await admin.getByLabel("Period", { exact: true }).inputValue()).toBe("this-month");

    const sales = main(admin).getByTestId("report-cards");
    const orders = Number(await sales.getByTestId("metric-invoices-issued").textContent());
    expect(orders).toBeGreaterThanOrEqual(1);
    expect(await sales.textContent()).toMatch(/Net sales \(incl\. VAT\)R[\d\s,]+\.\d\d/);
    // The charts are in the server's HTML, not drawn later by a script.
    const html = await (await admin.request.get("/admin/reports")).text();
    expect(html).toContain('data-testid="revenue-chart"');
    expect(html).toMatch(/<rect[^>]*class="[^"]*fill-primary/);
    expect(html).toContain('data-testid="top-products-chart"');
    expect(await admin.getByText("Backcare", { exact: false }).count()).toBeGreaterThan(0);

    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Download CSV: Sales by Day" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^sales-by-day-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await fs.readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      [
        "Day",
        "Invoices",
        "Net sales incl. VAT",
        "VAT",
        "Net sales excl. VAT",
        "Credit notes (refunds)",
        "Lay-by charges kept",
      ].join(","),
    );
    const todays = lines.find((l) => l.startsWith(`${today()},`));
    expect(todays, csv).toBeDefined();
    expect(Number(todays!.split(",")[1])).toBeGreaterThanOrEqual(1);
    const csvOrders = lines.slice(1).reduce((n, l) => n + Number(l.split(",")[1]), 0);
    expect(csvOrders).toBeGreaterThanOrEqual(orders);
  });

  it("a custom range is chosen by keyboard, and one it cannot use is refused by the dates", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/reports");
    await waitForHydration(admin);
    await admin.getByLabel("From (custom range)").fill("2026-11-30");
    await admin.getByLabel("To (custom range)").fill("2026-11-01");
    await admin.getByLabel("Period", { exact: true }).focus();
    await admin.getByLabel("Period", { exact: true }).selectOption("custom");
    await admin.getByRole("button", { name: "Show Report" }).focus();
    await admin.keyboard.press("Enter");
    await admin.waitForURL(/period=custom/);
    await admin.getByText("The end date must be on or after the start date.").waitFor();
    expect(await admin.getByLabel("To (custom range)").getAttribute("aria-invalid")).toBe("true");

    await admin.getByLabel("To (custom range)").fill("2026-11-30");
    await admin.getByLabel("From (custom range)").fill("2026-11-01");
    await admin.getByRole("button", { name: "Show Report" }).click();
    await admin.waitForURL(/to=2026-11-30/);
    await admin.getByText(/^Custom Range: /).waitFor();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility finding in the ${colorScheme} theme`, async () => {
      const admin = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(admin);
      for (const path of [
        "/admin/reports?period=this-year",
        "/admin/reports?period=today",
        "/admin/reports?period=custom&from=2026-11-30&to=2026-11-01",
      ]) {
        await admin.goto(path);
        await waitForHydration(admin);
        await admin
          .locator("details summary")
          .first()
          .click()
          .catch(() => undefined);
        expect(await seriousA11yViolations(admin), path).toEqual([]);
      }
    });
  }
});
