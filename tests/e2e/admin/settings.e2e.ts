import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { baseUrl, main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { DEMO_OWNER, signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Saves the General tab with `phone` and `dateFormat`, as the owner would. */
async function saveGeneral(admin: Page, phone: string, dateFormat: string) {
  await admin.goto("/admin/settings");
  await waitForHydration(admin);
  await main(admin).getByLabel("Phone").fill(phone);
  await main(admin).getByLabel("Date Format").selectOption(dateFormat);
  await admin.getByRole("button", { name: "Save Changes" }).click();
  await toast(admin, "Settings Saved").waitFor();
}

describe("settings", () => {
  it("the owner saves General settings and the shop shows them on the next request", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.getByRole("link", { name: "Settings", exact: true }).click();
    await admin.waitForURL(/\/admin\/settings$/);
    await waitForHydration(admin);
    const original = await main(admin).getByLabel("Phone").inputValue();
    expect(await main(admin).getByLabel("Currency").inputValue()).toBe("ZAR");

    // A bad phone number is refused by its field, and nothing is saved.
    await main(admin).getByLabel("Phone").fill("call the shop");
    await admin.getByRole("button", { name: "Save Changes" }).click();
    await main(admin).getByText("Enter a phone number such as 018 632 1234.").waitFor();
    expect(await main(admin).getByLabel("Phone").getAttribute("aria-invalid")).toBe("true");

    try {
      await saveGeneral(admin, "018 632 7777", "YYYY-MM-DD");
      await admin.reload();
      await waitForHydration(admin);
      expect(await main(admin).getByLabel("Phone").inputValue()).toBe("018 632 7777");

      // The storefront's header, footer and contact page follow at once.
      const shopper = await browser.newPage();
      await shopper.goto("/contact");
      await waitForHydration(shopper);
      expect(await shopper.locator("header").textContent()).toContain("018 632 7777");
      expect(await main(shopper).textContent()).toContain("018 632 7777");
      expect(await shopper.content()).not.toContain(original);

      // The back office writes dates in the chosen format (the audit log's newest line: this save).
      await admin.goto("/admin/audit-log");
      await waitForHydration(admin);
      const newest = admin.getByRole("row").nth(1);
      expect(await newest.textContent()).toMatch(/\d{4}-\d{2}-\d{2}, \d{2}:\d{2}/);
      expect(await newest.textContent()).toContain("Settings changed");
    } finally {
      await saveGeneral(admin, original, "DD/MM/YYYY");
    }
    await admin.goto("/admin/audit-log");
    await waitForHydration(admin);
    expect(await admin.getByRole("row").nth(1).textContent()).toMatch(
      /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
    );
  });

  it("Integrations: a test e-mail reaches the owner; analytics loads a script only while on", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/settings/integrations");
    await waitForHydration(admin);
    await main(admin).getByText("Outbox only").waitFor();
    expect(await main(admin).getByText("Not configured").count()).toBe(2);

    const before = (await outboxMessages()).length;
    await admin.getByRole("button", { name: "Send test e-mail" }).click();
    await toast(admin, "Test E-mail Sent").waitFor();
    const sent = (await outboxMessages()).slice(before);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [DEMO_OWNER.email, expect.stringMatching(/^Test e-mail from /)],
    ]);

    const home = async () => {
      const response = await fetch(`${baseUrl()}/`);
      return {
        html: await response.text(),
        policy: response.headers.get("content-security-policy")!,
      };
    };
    const off = await home();
    expect(off.html).not.toContain("data-domain=");
    expect(off.policy).not.toContain("plausible");

    const analytics = main(admin).getByLabel("Load the analytics script on the storefront");
    await analytics.check();
    await admin.getByRole("button", { name: "Save Analytics" }).click();
    await main(admin).getByText("Enter the script's full https:// address.").waitFor();
    await main(admin).getByLabel("Script address").fill("https://plausible.io/js/script.js");
    await main(admin).getByLabel("Site domain").fill("slumber-corner.example");
    try {
      await admin.getByRole("button", { name: "Save Analytics" }).click();
      await toast(admin, "Settings Saved").waitFor();
      const on = await home();
      expect(on.html).toMatch(
        /<script defer="" data-domain="slumber-corner\.example" src="https:\/\/plausible\.io\/js\/script\.js">/,
      );
      expect(on.policy).toMatch(/script-src [^;]*https:\/\/plausible\.io/);
    } finally {
      await admin.reload();
      await waitForHydration(admin);
      await analytics.uncheck();
      await admin.getByRole("button", { name: "Save Analytics" }).click();
      await toast(admin, "Settings Saved").waitFor();
    }
    expect((await home()).html).not.toContain("data-domain=");
  });

  it("Notifications: staff open an e-mail's preview by keyboard, its HTML and its text", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/settings/notifications");
    await waitForHydration(admin);
    const link = main(admin).getByRole("link", { name: "Payment receipt" });
    await tabTo(admin, link);
    await admin.keyboard.press("Enter");
    await admin.waitForURL(/\/admin\/settings\/notifications\/preview\/payment-receipt$/);
    await main(admin).getByRole("heading", { name: "Payment receipt" }).waitFor();
    expect(await main(admin).getByTestId("mail-subject").textContent()).toBe(
      "Payment received for order 1042",
    );
    const text = (await main(admin).getByTestId("mail-text").textContent()) ?? "";
    expect(text).toContain("Dear Naledi,");
    expect(text).toContain("Your tax invoice INV-0042 is attached.");
    // The HTML part, in its frame: the order's table and its button.
    const frame = admin.frameLocator('iframe[title="Payment receipt: the e-mail as HTML"]');
    await frame.getByRole("link", { name: "See your order" }).waitFor();
    expect(await frame.locator("table").count()).toBeGreaterThan(0);
    expect(await main(admin).textContent()).not.toMatch(/\bundefined\b|\bNaN\b/);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility finding in the ${colorScheme} theme`, async () => {
      const admin = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(admin);
      for (const path of [
        "/admin/settings",
        "/admin/settings/integrations",
        "/admin/settings/notifications",
        "/admin/settings/notifications/preview/order-confirmation",
      ]) {
        await admin.goto(path);
        await waitForHydration(admin);
        expect(await seriousA11yViolations(admin), path).toEqual([]);
      }
      // The tabs are links: reached and followed by keyboard.
      const tabs = admin.getByRole("navigation", { name: "Settings" });
      await tabs.getByRole("link", { name: "General" }).focus();
      await admin.keyboard.press("Enter");
      await admin.waitForURL(/\/admin\/settings$/);
    });
  }
});
