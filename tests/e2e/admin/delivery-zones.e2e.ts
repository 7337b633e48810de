import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { useBrowser, waitForHydration } from "../browser";
import { expectFocused, tabTo } from "../keyboard";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const row = (page: Page, name: string) => page.getByTestId("zone-row").filter({ hasText: name });

/** Waits for the notices to close (sonner's success notice is the toast area's to fix). */
async function toastsGone(page: Page) {
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
}

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

describe("delivery zones in the back office", () => {
  it("the owner adds a zone by keyboard, and it lists with its fees; axe in both themes", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.getByRole("link", { name: "Deliveries" }).first().click();
    await page.waitForURL(/\/admin\/deliveries$/);
    await page
      .getByRole("navigation", { name: "Deliveries" })
      .getByRole("link", { name: "Zones" })
      .click();
    await page.waitForURL(/\/admin\/delivery-zones$/);
    await page.getByRole("heading", { name: "Delivery Zones" }).waitFor();
    await waitForHydration(page);
    // The demo's zones: Lichtenburg and area free from R2,000, the rest of North West R450.
    expect(await row(page, "Lichtenburg and area").textContent()).toMatch(
      /2740.*Lichtenburg.*R299.*R2,000.*R299/,
    );
    expect(await row(page, "Rest of North West").textContent()).toMatch(
      /all of North West.*R450.*Never.*None/,
    );
    expect(await findingsInBothThemes(page), "axe on the list").toEqual([]);

    const trigger = page.getByRole("button", { name: "Add Zone" });
    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    const add = page.getByRole("dialog", { name: "Add Zone" });
    await add.waitFor();
    await expectFocused(add.getByLabel("Name"));
    expect(await findingsInBothThemes(page), "axe with the dialog open").toEqual([]);

    await page.keyboard.type("Potchefstroom");
    await page.keyboard.press("Tab");
    await page.keyboard.type("2520, 2800-2700");
    // A range that runs backwards: the browser's check says so by the field.
    await tabTo(page, add.getByLabel("Standard Fee (R)"));
    await page.keyboard.type("350");
    await page.keyboard.press("Enter");
    await toast(page, "Validation Error").waitFor();
    await add.getByText(/The range "2800-2700" runs backwards/).waitFor();
    expect(await add.getByLabel("Postal Codes").getAttribute("aria-invalid")).toBe("true");

    // Back to the postal codes by keyboard, put right, and saved with Enter.
    await tabTo(page, add.getByLabel("Postal Codes"), { back: true });
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("2520, 2531");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Potchefstroom, Ikageng");
    await tabTo(page, add.getByLabel("Free From (R)"));
    await page.keyboard.type("3 000");
    await page.keyboard.press("Enter");
    await toast(page, "Zone Added").waitFor();
    await add.waitFor({ state: "hidden" });
    await expectFocused(trigger);

    const added = row(page, "Potchefstroom");
    await added.waitFor();
    expect(await added.textContent()).toMatch(
      /2520, 2531, Potchefstroom, Ikageng.*R350.*R3,000.*None.*Mon, Tue, Wed, Thu, Fri/,
    );
    await toastsGone(page);
    expect(await findingsInBothThemes(page), "axe after adding").toEqual([]);
  });
});
