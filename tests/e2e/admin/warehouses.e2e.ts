import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, useBrowser, waitForHydration } from "../browser";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PAGE = "/admin/inventory/warehouses";
/** Bedroom furniture: the demo keeps all of it in the Store room. */
const STORE_ROOM_ONLY = "/products/whitewash-five-drawer-chest";

const row = (page: Page, name: string) =>
  page
    .getByTestId("warehouse-row")
    .filter({ has: page.getByTestId("warehouse-name").getByText(name, { exact: true }) });

async function openWarehouses(page: Page) {
  await page.goto(PAGE);
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Warehouses", level: 1 }).waitFor();
}

describe("the warehouses page", () => {
  it("adds, renames and switches a warehouse; refuses to deactivate one holding stock and deactivates an empty one", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await openWarehouses(admin);
    expect(await row(admin, "Showroom").textContent()).toContain("Default");
    expect(await row(admin, "Store room").textContent()).toMatch(/storeYesActive/);

    // Add a warehouse by keyboard: name typed, code left to be made, selling switched off.
    const name = `Garage ${Date.now() % 100000}`;
    await admin.getByRole("button", { name: "Add Warehouse" }).focus();
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Add Warehouse" });
    await dialog.waitFor();
    await admin.keyboard.type(name);
    await admin.keyboard.press("Tab");
    await admin.keyboard.press("Tab");
    expect(await dialog.getByRole("switch", { name: "Sells online" }).isChecked()).toBe(true);
    await admin.keyboard.press("Space");
    expect(await dialog.getByRole("switch", { name: "Sells online" }).isChecked()).toBe(false);
    await admin.keyboard.press("Tab");
    await admin.keyboard.press("Tab");
    await admin.keyboard.press("Enter");
    await toast(admin, "Warehouse Added").waitFor();
    await dialog.waitFor({ state: "hidden" });
    const code = name.toLowerCase().replace(" ", "-");
    await row(admin, name).waitFor();
    expect(await row(admin, name).textContent()).toContain(`${code}NoActive`);

    // An empty name is refused by its field, then the rename is saved.
    await row(admin, name)
      .getByRole("button", { name: `Rename ${name}` })
      .click();
    const rename = admin.getByRole("dialog", { name: `Rename ${name}` });
    await rename.getByLabel("Name").fill("");
    await rename.getByRole("button", { name: "Save" }).click();
    await rename.getByText("Enter the warehouse's name.").waitFor();
    const renamed = `Back ${name}`;
    await rename.getByLabel("Name").fill(renamed);
    await rename.getByRole("button", { name: "Save" }).click();
    await toast(admin, "Warehouse Renamed").waitFor();
    await row(admin, renamed).waitFor();

    await row(admin, renamed)
      .getByRole("button", { name: `Sell online from ${renamed}` })
      .click();
    await toast(admin, "Warehouse Updated").waitFor();
    await row(admin, renamed)
      .getByRole("button", { name: `Stop selling online from ${renamed}` })
      .waitFor();
    expect(await row(admin, renamed).textContent()).toContain(`${code}YesActive`);

    // The store room holds stock: refused, and the reason stays beside the button.
    await row(admin, "Store room").getByRole("button", { name: "Deactivate Store room" }).click();
    await toast(admin, "Warehouse Not Deactivated").waitFor();
    const reason = row(admin, "Store room").getByRole("alert");
    expect(await reason.textContent()).toMatch(
      /^Store room still holds \d+ units\. Transfer or adjust its stock to zero before deactivating it\.$/,
    );
    expect(await row(admin, "Store room").textContent()).toContain("Active");

    await row(admin, renamed)
      .getByRole("button", { name: `Deactivate ${renamed}` })
      .click();
    await toast(admin, "Warehouse Deactivated").waitFor();
    await row(admin, renamed)
      .getByRole("button", { name: `Reactivate ${renamed}` })
      .waitFor();
    expect(await row(admin, renamed).textContent()).toContain("Inactive");

    // Reloaded, the page shows what was saved (and no notice is left over).
    await openWarehouses(admin);
    expect(await row(admin, renamed).textContent()).toContain(`${code}YesInactive`);
  });

  it("the storefront stops selling a warehouse's stock at once, and sells it again", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    const shopper = await browser.newPage(DESKTOP);
    const availability = async () => {
      await shopper.goto(STORE_ROOM_ONLY);
      return main(shopper)
        .getByRole("button", { name: /Add to Cart|Out of Stock/ })
        .textContent();
    };
    // Asked for twice, so the page is kept by the render cache before the stock changes.
    expect(await availability()).toBe("Add to Cart");
    expect(await availability()).toBe("Add to Cart");

    await openWarehouses(admin);
    try {
      await row(admin, "Store room")
        .getByRole("button", { name: "Stop selling online from Store room" })
        .click();
      // Saved once the row offers the opposite (a toast from an earlier change may still show).
      await row(admin, "Store room")
        .getByRole("button", { name: "Sell online from Store room" })
        .waitFor();
      expect(await availability()).toBe("Out of Stock");
      expect(await main(shopper).getByText("Out of stock", { exact: true }).count()).toBe(1);
    } finally {
      await row(admin, "Store room")
        .getByRole("button", { name: "Sell online from Store room" })
        .click();
      await row(admin, "Store room")
        .getByRole("button", { name: "Stop selling online from Store room" })
        .waitFor();
    }
    expect(await availability()).toBe("Add to Cart");
    await openWarehouses(admin);
  });

  it("leads back to Inventory; Settings > Notifications switches the owner's own low-stock e-mails by keyboard", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/account");
    await waitForHydration(admin);
    await admin.getByRole("link", { name: "Settings: Notifications" }).click();
    await admin.waitForURL("**/admin/settings/notifications");
    await waitForHydration(admin);
    const alerts = admin.getByRole("switch", { name: "Low Stock Alerts" });
    expect(await alerts.isChecked()).toBe(true);
    await alerts.focus();
    await admin.keyboard.press("Space");
    await admin.getByRole("button", { name: "Save Changes" }).focus();
    await admin.keyboard.press("Enter");
    await toast(admin, "Settings Saved").waitFor();
    await admin.reload();
    await waitForHydration(admin);
    expect(await alerts.isChecked()).toBe(false);
    await alerts.check();
    await admin.getByRole("button", { name: "Save Changes" }).click();
    await toast(admin, "Settings Saved").last().waitFor();
    await admin.reload();
    await waitForHydration(admin);
    expect(await alerts.isChecked()).toBe(true);

    await openWarehouses(admin);
    const back = main(admin).getByRole("link", { name: "Inventory", exact: true });
    expect(await back.getAttribute("href")).toBe("/admin/inventory");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility finding in the ${colorScheme} theme, dialogs open`, async () => {
      const admin = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(admin);
      await openWarehouses(admin);
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await admin.getByRole("button", { name: "Add Warehouse" }).click();
      await admin.getByRole("dialog", { name: "Add Warehouse" }).waitFor();
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await admin.keyboard.press("Escape");
      await admin.goto("/admin/account");
      await waitForHydration(admin);
      expect(await seriousA11yViolations(admin)).toEqual([]);
    });
  }
});
