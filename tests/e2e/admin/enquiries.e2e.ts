import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, useBrowser, waitForHydration } from "../browser";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe("the enquiries inbox", () => {
  it("shows a new consultation without a reload; it is marked contacted, found and exported", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.getByRole("link", { name: /^Enquiries/ }).click();
    await admin.waitForURL("**/admin/enquiries/consultations");
    await waitForHydration(admin);
    // The Enquiries entry's own figure (Reviews has one too).
    const newCount = admin.getByRole("link", { name: /^Enquiries/ }).getByTestId("nav-count");
    const newBefore = parseInt((await newCount.textContent()) ?? "0");

    // A visitor books a consultation on the storefront while the inbox is open.
    const name = `Inbox Visitor ${Date.now()}`;
    const visitor = await browser.newPage();
    await visitor.goto("/consultation");
    await waitForHydration(visitor);
    await main(visitor).getByLabel("Full Name").fill(name);
    await main(visitor).getByLabel("Email").fill("inbox.visitor@example.co.za");
    await main(visitor).getByLabel("Phone").fill("082 555 0177");
    await main(visitor).getByLabel("Consultation Type").selectOption("complex");
    await main(visitor).getByLabel("Message (optional)").fill("=1+1 twelve beds for a lodge");
    await visitor.getByRole("button", { name: "Book Consultation" }).click();
    await visitor.getByText("Consultation Request Submitted!").waitFor();

    const row = admin.getByTestId("list-row").filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain("Complex / bulk order");
    expect(parseInt((await newCount.textContent())!)).toBeGreaterThan(newBefore);

    // Opened, it shows what the visitor sent and how to answer them.
    await row.getByRole("link", { name }).click();
    await admin.waitForURL(/\/admin\/enquiries\/consultations\/\d+$/);
    await waitForHydration(admin);
    expect(await admin.getByTestId("enquiry-message").textContent()).toBe(
      "=1+1 twelve beds for a lodge",
    );
    expect(await admin.getByRole("link", { name: "Reply by e-mail" }).getAttribute("href")).toBe(
      "mailto:inbox.visitor@example.co.za?subject=Your%20complex%20%2F%20bulk%20order%20request",
    );
    expect(await admin.getByRole("link", { name: /^Call / }).getAttribute("href")).toBe(
      "tel:0825550177",
    );

    // Marked contacted with a note, by keyboard.
    await admin.getByLabel("Status").focus();
    await admin.getByLabel("Status").selectOption("contacted");
    await admin.keyboard.press("Tab");
    await admin.keyboard.type("Called; sending a quote for twelve beds.");
    await admin.keyboard.press("Tab");
    await admin.keyboard.press("Enter");
    await toast(admin, "Enquiry Updated").waitFor();
    await admin.getByText(/^Last handled by Demo Owner/).waitFor();

    // The filter and the search find it; another status does not.
    await admin.getByRole("link", { name: "Consultation requests" }).click();
    await admin.waitForURL("**/admin/enquiries/consultations");
    await waitForHydration(admin);
    // The address changes before React replaces the enquiry (which has its own Status select):
    // wait for the list's search form and use the select inside it.
    const search = admin.getByRole("search");
    await search.getByRole("searchbox", { name: "Search consultation requests" }).waitFor();
    await search.getByLabel("Status").selectOption("contacted");
    await search.getByRole("searchbox", { name: "Search consultation requests" }).fill(name);
    await search.getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/status=contacted/);
    // The address changes before React shows the filtered rows: wait for the list itself.
    const found = admin.getByTestId("list-row");
    await expect.poll(() => found.count(), { timeout: 20_000 }).toBe(1);
    await found.filter({ hasText: name }).waitFor();
    expect(await found.textContent()).toContain("Demo Owner");

    // The export holds exactly what the list shows.
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^consultations-[\d-]+\.csv$/);
    const csv = await fs.readFile(await download.path(), "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
    expect(lines[1]).toContain("'=1+1 twelve beds for a lodge");
    expect(lines[1]).toContain("contacted");

    await admin.getByLabel("Status").selectOption("new");
    await admin.getByRole("button", { name: "Filter" }).click();
    await admin.getByText("No consultation requests found").waitFor();
  });

  it("moves between tabs by keyboard; subscribers show their consent", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/enquiries/consultations");
    await waitForHydration(admin);
    const tabs = admin.getByRole("navigation", { name: "Enquiries" });
    expect(
      await tabs.getByRole("link", { name: /^Consultations/ }).getAttribute("aria-current"),
    ).toBe("page");
    await tabs.getByRole("link", { name: /^Subscribers/ }).focus();
    await admin.keyboard.press("Enter");
    await admin.waitForURL("**/admin/enquiries/subscribers");
    await admin.getByRole("heading", { name: /^Subscribers \(\d+\)$/ }).waitFor();
    const confirmed = admin.getByTestId("list-row").filter({ hasText: "mpho.dube@example.com" });
    expect(await confirmed.textContent()).toMatch(/confirmed.*\d{4}/i);
    const pending = admin.getByTestId("list-row").filter({ hasText: "zanele.ndlovu@example.com" });
    expect(await pending.textContent()).toContain("Not confirmed");

    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = await fs.readFile(await download.path(), "utf8");
    expect(csv).toContain("mpho.dube@example.com");
    expect(csv).not.toContain("zanele.ndlovu@example.com");
    expect(csv).not.toContain("old.reader@example.com");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility finding in the ${colorScheme} theme`, async () => {
      const admin = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(admin);
      expect(await admin.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        colorScheme === "dark",
      );
      for (const path of [
        "/admin/enquiries/consultations",
        "/admin/enquiries/messages?status=closed",
        "/admin/enquiries/subscribers",
        "/admin/enquiries/consultations?q=nobody-at-all",
      ]) {
        await admin.goto(path);
        await waitForHydration(admin);
        expect(await seriousA11yViolations(admin), path).toEqual([]);
      }
      await admin.goto("/admin/enquiries/messages");
      await admin.getByTestId("list-row").first().getByRole("link").first().click();
      await admin.waitForURL(/\/admin\/enquiries\/messages\/\d+$/);
      await waitForHydration(admin);
      expect(await seriousA11yViolations(admin), admin.url()).toEqual([]);
    });
  }
});
