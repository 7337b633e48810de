import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { useBrowser, waitForHydration } from "../browser";
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

/** Waits for the notices to close, so a page is judged without them. */
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 20_000 }).toBe(0);
}

/** Types a product's name into a line's SKU box and picks the first suggestion. */
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

/** On hand in one warehouse, as the variant's stock card shows it. */
async function onHandOnStockCard(page: Page, variantPath: string, warehouse: string) {
  await page.goto(variantPath);
  await page.getByRole("heading", { name: "Stock by warehouse" }).waitFor();
  const row = page.getByTestId("stock-level").filter({ hasText: warehouse });
  if ((await row.count()) === 0) return 0;
  return Number(await row.locator("td").nth(1).textContent());
}

describe("purchase orders in the back office", () => {
  it("creates an order with two lines by keyboard, approves it and receives it in two parts", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.getByRole("link", { name: "Purchase Orders" }).first().click();
    await page.waitForURL(/\/admin\/purchase-orders$/);
    await page.getByRole("heading", { name: "Purchase Orders", exact: true }).waitFor();
    await waitForHydration(page);
    // The demo's orders, in their statuses.
    await page.getByTestId("purchase-order-row").filter({ hasText: "Received" }).first().waitFor();
    expect(await findingsInBothThemes(page), "axe on the list").toEqual([]);

    await page.getByRole("link", { name: "New Purchase Order" }).click();
    await page.getByRole("heading", { name: "New Purchase Order" }).waitFor();
    await waitForHydration(page);
    expect(await findingsInBothThemes(page), "axe on the new page").toEqual([]);

    // Nothing filled in: the messages sit by the fields.
    await page.getByRole("button", { name: "Create and Submit" }).click();
    await page.getByText("Choose a supplier.").waitFor();
    await page.getByText("Add at least one line: a SKU and a quantity.").waitFor();
    expect(await page.getByLabel("Supplier").getAttribute("aria-invalid")).toBe("true");
    await toastsGone(page);
    expect(await findingsInBothThemes(page), "axe with the messages showing").toEqual([]);

    // By keyboard: the supplier, then the lines.
    const supplier = page.getByLabel("Supplier");
    await supplier.focus();
    await supplier.selectOption({ label: "Vhembe Spring & Mattress Works (14 days)" });
    const expected = await page.getByLabel("Expected date").inputValue();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(
      new Date(),
    );
    const inFourteen = new Date(`${today}T00:00:00Z`);
    inFourteen.setUTCDate(inFourteen.getUTCDate() + 14);
    expect(expected).toBe(inFourteen.toISOString().slice(0, 10));

    const firstSku = page.getByLabel("Line 1: SKU or product");
    const frameSku = await pickVariant(page, firstSku, "Oslo Solid Pine");
    // The unit cost takes the variant's cost; the line says what it is.
    await expect
      .poll(() => page.getByLabel("Unit cost (R)").first().inputValue())
      .toMatch(/^\d+\.\d{2}$/);
    await page
      .getByRole("paragraph")
      .filter({ hasText: "Oslo Solid Pine Platform Bed Frame · " })
      .waitFor();
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("lines.0.quantity");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("5");
    await page.getByRole("button", { name: "Add line" }).focus();
    await page.keyboard.press("Enter");
    const secondSku = page.getByLabel("Line 2: SKU or product");
    await secondSku.waitFor();
    const duvetSku = await pickVariant(page, secondSku, "Goose Down Duvet");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("899.90");
    await page.getByRole("button", { name: "Create and Submit" }).focus();
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/admin\/purchase-orders\/\d+$/);
    await toast(page, "Purchase Order Created").waitFor();
    // The address changes before React replaces the form's page: wait for the order's heading.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/^PO-\d{4}$/);
    const heading = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await page.getByText("Pending", { exact: true }).first().waitFor();
    const lines = page.getByTestId("purchase-order-line-row");
    expect(await lines.count()).toBe(2);
    expect(await lines.nth(1).textContent()).toContain("R899.90");
    await waitForHydration(page);

    // The stock cards before anything arrives.
    const detail = page.url();
    const framePath = (await page
      .getByRole("link", { name: `Stock of ${frameSku}` })
      .getAttribute("href"))!;
    const duvetPath = (await page
      .getByRole("link", { name: `Stock of ${duvetSku}` })
      .getAttribute("href"))!;
    const frameInStore = await onHandOnStockCard(page, framePath, "Store room");
    const duvetInShowroom = await onHandOnStockCard(page, duvetPath, "Showroom");
    await page.goto(detail);
    await waitForHydration(page);

    await page.getByRole("button", { name: "Approve" }).click();
    await toast(page, "Purchase Order Approved").waitFor();
    await page.getByRole("heading", { name: "Receive goods" }).waitFor();
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await toastsGone(page);
    expect(await findingsInBothThemes(page), "axe on the approved order").toEqual([]);

    // First delivery: 2 frames into the store room, no duvets yet.
    const receive = page.getByRole("form", { name: "Receive goods" });
    await receive.getByLabel("Into warehouse").selectOption({ label: "Store room" });
    await receive.getByLabel(new RegExp(frameSku)).fill("2");
    await receive.getByLabel(new RegExp(duvetSku)).fill("0");
    await receive.getByRole("button", { name: "Receive" }).click();
    await toast(page, "Goods Received").waitFor();
    expect(await toast(page, "Goods Received").textContent()).toContain("6 units of");
    // The form now offers what is still to come: 3 frames and the 3 duvets.
    await expect.poll(() => receive.getByLabel(new RegExp(frameSku)).inputValue()).toBe("3");
    expect(await receive.getByLabel(new RegExp(duvetSku)).inputValue()).toBe("3");
    await page.getByText("Approved", { exact: true }).first().waitFor();
    const timeline = page.getByTestId("purchase-order-timeline");
    await timeline
      .getByText(`Received 2 units into Store room: 2 × ${frameSku}. 6 units still to come.`)
      .waitFor();

    // More than is still to come is refused by the line.
    await receive.getByLabel(new RegExp(frameSku)).fill("4");
    await receive.getByRole("button", { name: "Receive" }).click();
    await receive
      .getByText(`${frameSku}: only 3 of 5 still to come; 4 is more than that.`)
      .waitFor();

    // Second delivery: the rest, into the showroom.
    await receive.getByLabel("Into warehouse").selectOption({ label: "Showroom" });
    await receive.getByLabel(new RegExp(frameSku)).fill("3");
    await receive.getByLabel(new RegExp(duvetSku)).fill("3");
    await receive.getByRole("button", { name: "Receive" }).click();
    await toast(page, "is received in full").waitFor();
    await page.getByText("Received", { exact: true }).first().waitFor();
    expect(await page.getByRole("heading", { name: "Receive goods" }).count()).toBe(0);
    await page.getByText("Every line is in: 8 units received.").waitFor();
    await timeline
      .getByText(
        `Received 6 units into Showroom: 3 × ${frameSku}, 3 × ${duvetSku}. Every line is in.`,
      )
      .waitFor();
    await timeline.getByText(/Received 2 units into Store room/).waitFor();
    expect(await page.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
    await toastsGone(page);
    expect(await findingsInBothThemes(page), "axe on the received order").toEqual([]);

    // The levels followed.
    expect(await onHandOnStockCard(page, framePath, "Store room")).toBe(frameInStore + 2);
    expect(await onHandOnStockCard(page, duvetPath, "Showroom")).toBe(duvetInShowroom + 3);
    await page.getByText(heading).first().waitFor();

    // The list shows it received, found by its number.
    await page.goto(`/admin/purchase-orders?q=${heading}`);
    const row = page.getByTestId("purchase-order-row");
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain("Received");
    expect(await row.textContent()).toContain("Vhembe Spring & Mattress Works");
    await toastsGone(page);
  });

  it("filters the list to the drafts and cancels one", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/purchase-orders");
    await waitForHydration(admin);
    await admin.getByLabel("Status").selectOption("draft");
    await admin.getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/status=draft/);
    // The address changes before React swaps the rows: wait until every row left is a draft.
    const drafts = admin.getByTestId("purchase-order-row");
    await drafts.first().waitFor();
    await expect.poll(() => drafts.filter({ hasNotText: "Draft" }).count()).toBe(0);
    for (const text of await drafts.allTextContents()) expect(text).toContain("Draft");
    await drafts
      .first()
      .getByRole("link", { name: /View details of/ })
      .click();
    await admin.getByRole("button", { name: "Submit for approval" }).waitFor();
    await admin.getByRole("link", { name: "Edit lines" }).waitFor();
    await waitForHydration(admin);
    admin.once("dialog", (dialog) => void dialog.accept());
    await admin.getByRole("button", { name: "Cancel order" }).click();
    await toast(admin, "Purchase Order Cancelled").waitFor();
    await admin.getByText("nothing more to do").waitFor();
    expect(await admin.getByRole("link", { name: "Edit lines" }).count()).toBe(0);
    await toastsGone(admin);
  });
});
