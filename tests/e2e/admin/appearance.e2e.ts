import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { main, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

/** The <html> tag the server wrote, before any script ran. */
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";

/** Saves the owner's Appearance as a staff member would, and waits for the notice. */
async function saveAppearance(page: Page, theme: "Light" | "Dark" | "System", compact: boolean) {
  await page.goto("/admin/settings/appearance");
  await waitForHydration(page);
  await main(page)
    .getByRole("radio", { name: new RegExp(`^${theme}`) })
    .check();
  await main(page).getByRole("switch", { name: "Compact mode" }).setChecked(compact);
  await main(page).getByRole("button", { name: "Save Changes" }).click();
  await toast(page, "Settings Saved").waitFor();
}

describe("the Appearance tab", () => {
  it("switches to dark mode by keyboard; it is kept after a reload, on another device and on the storefront", async () => {
    const admin = await browser.newPage({ ...DESKTOP, colorScheme: "light" });
    await signInAsOwner(admin);
    try {
      await admin.getByRole("link", { name: "Settings" }).first().click();
      await admin.waitForURL("**/admin/settings");
      await main(admin).getByRole("link", { name: "Appearance" }).click();
      await admin.waitForURL("**/admin/settings/appearance");
      await waitForHydration(admin);
      expect(await isDark(admin)).toBe(false);
      const system = main(admin).getByRole("radio", { name: /^System/ });
      expect(await system.isChecked()).toBe(true);
      // The radio group by keyboard: from System, the arrow key moves to Dark.
      await system.focus();
      await admin.keyboard.press("ArrowLeft");
      expect(await main(admin).getByRole("radio", { name: /^Dark/ }).isChecked()).toBe(true);
      await main(admin).getByRole("button", { name: "Save Changes" }).focus();
      await admin.keyboard.press("Enter");
      await toast(admin, "Settings Saved").waitFor();
      expect(await toast(admin, "Settings Saved").textContent()).toContain("Dark theme");
      // Applied at once, without a reload.
      await admin.waitForFunction(() => document.documentElement.classList.contains("dark"));

      // Kept after a reload, in the server's first render: no flash of the light theme.
      const reload = await admin.reload();
      expect(htmlTag(await reload!.text())).toMatch(/class="dark"/);
      await waitForHydration(admin);
      expect(await isDark(admin)).toBe(true);
      expect(await main(admin).getByRole("radio", { name: /^Dark/ }).isChecked()).toBe(true);

      // Another device with a light system theme and no cookie: the stored choice wins.
      const laptop = await browser.newPage({ ...DESKTOP, colorScheme: "light" });
      await signInAsOwner(laptop);
      // (Signing in lands on the dashboard by a client-side navigation: wait for its render.)
      await laptop.waitForFunction(() => document.documentElement.classList.contains("dark"));
      const firstRender = await laptop.request.get("/admin/products");
      expect(htmlTag(await firstRender.text())).toMatch(/class="dark"/);
      // The storefront on that browser follows, from the cookie the back office set.
      const store = await laptop.goto("/");
      expect(htmlTag(await store!.text())).toMatch(/data-theme="dark"/);

      // Compact mode: the lists' rows are denser.
      await admin.goto("/admin/products");
      await waitForHydration(admin);
      const table = main(admin).getByRole("table", { name: "Products" });
      expect(await table.getAttribute("data-density")).toBe("comfortable");
      const roomy = await table.locator("tbody tr").first().boundingBox();
      await saveAppearance(admin, "Dark", true);
      await admin.goto("/admin/products");
      await waitForHydration(admin);
      expect(await table.getAttribute("data-density")).toBe("compact");
      const dense = await table.locator("tbody tr").first().boundingBox();
      expect(dense!.height).toBeLessThan(roomy!.height);
    } finally {
      // Back to the defaults, for the journeys that judge pages by the device's theme.
      await saveAppearance(admin, "System", false);
    }
    await admin.reload();
    await waitForHydration(admin);
    expect(await isDark(admin)).toBe(false);
  });
});

/** The back office's pages; a pattern finds a detail page's link on the list before it. */
const PAGES: [string, RegExp?][] = [
  ["/admin"],
  ["/admin/products", /^\/admin\/products\/\d+$/],
  ["/admin/products/new"],
  ["/admin/inventory", /^\/admin\/inventory\/\d+$/],
  ["/admin/inventory/warehouses"],
  ["/admin/orders", /^\/admin\/orders\/\d+$/],
  ["/admin/enquiries/consultations", /^\/admin\/enquiries\/consultations\/\d+$/],
  ["/admin/enquiries/messages", /^\/admin\/enquiries\/messages\/\d+$/],
  ["/admin/enquiries/subscribers"],
  ["/admin/invoices", /^\/admin\/invoices\/\d+$/],
  ["/admin/invoices/new"],
  ["/admin/promotions"],
  ["/admin/suppliers"],
  ["/admin/purchase-orders", /^\/admin\/purchase-orders\/\d+$/],
  ["/admin/purchase-orders/new"],
  ["/admin/team"],
  ["/admin/audit-log"],
  ["/admin/account"],
  ["/admin/settings"],
  ["/admin/settings/notifications"],
  ["/admin/settings/security"],
  ["/admin/settings/appearance"],
  ["/admin/settings/integrations"],
  ["/admin/reports"],
];

describe("dark mode across the back office", () => {
  it(
    "every page shows the stored theme over the device's (axe judges each in both themes in the shared check)",
    { timeout: 600_000 },
    async () => {
      // A paid order, so that the order, its invoice and their pages exist.
      const shopper = await browser.newPage();
      await placePaidOrder(shopper, "classic-spring-bed", "double", "dark.mode@example.com");
      await shopper.close();

      // The device prefers the opposite of the stored theme each time: the stored one must win.
      const admin = await browser.newPage({ ...DESKTOP, colorScheme: "dark" });
      await signInAsOwner(admin);
      const addresses: string[] = [];
      try {
        await saveAppearance(admin, "Light", false);
        for (const [path, detail] of PAGES) {
          await expectTheme(admin, path, false);
          if (!detail) continue;
          const hrefs = await main(admin)
            .locator("a[href]")
            .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
          const href = hrefs.find((h) => detail.test(h));
          expect(href, `a detail page linked from ${path}`).toBeDefined();
          addresses.push(href!);
          await expectTheme(admin, href!, false);
        }
        await admin.emulateMedia({ colorScheme: "light" });
        await saveAppearance(admin, "Dark", false);
        for (const path of [...PAGES.map(([p]) => p), ...addresses]) {
          await expectTheme(admin, path, true);
        }
      } finally {
        await saveAppearance(admin, "System", false);
      }
    },
  );
});

/**
 * Loads a page and checks the stored theme won over the device's. Axe does not judge it here: the
 * shared check of every page a journey visits (`useBrowser`) judges each page in the light and the
 * dark theme once a run, after this test or after an earlier one that visited it.
 */
async function expectTheme(page: Page, path: string, dark: boolean) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(await isDark(page), `${path} in the ${dark ? "dark" : "light"} theme`).toBe(dark);
}
