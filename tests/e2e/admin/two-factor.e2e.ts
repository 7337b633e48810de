import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, useBrowser, waitForHydration } from "../browser";
import { expectFocused, focusIsVisible } from "../keyboard";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * The code an authenticator app shows for the key the page printed: now, or `steps` of 30
 * seconds later (each code works once, so a sign-in right after the setup takes the next one).
 */
const appCode = (key: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s+/g, "")) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A new account made on /auth and given the staff role by the owner on the Team page. */
async function newStaffMember(): Promise<{ email: string; password: string }> {
  const email = `two-factor-${Date.now()}@example.com`;
  const password = "staff-pass-1";
  const page = await browser.newPage(DESKTOP);
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Create Account" }).click();
  const panel = page.getByRole("tabpanel", { name: "Create Account" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Create Account" }).click();
  await toast(page, "Check your e-mail").waitFor();

  const owner = await browser.newPage(DESKTOP);
  await signInAsOwner(owner);
  await owner.goto("/admin/team");
  await waitForHydration(owner);
  await owner.getByLabel(`Role of ${email}`).selectOption("staff");
  await owner.getByTestId("team-row").filter({ hasText: email }).getByRole("button").click();
  await toast(owner, "Role Updated").waitFor();
  return { email, password };
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/admin-login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe("two-factor sign-in", () => {
  it("a staff member enables two-factor, then signs in with a code and with a backup code", async () => {
    const { email, password } = await newStaffMember();
    const staff = await browser.newPage(DESKTOP);
    await passwordStep(staff, email, password);
    await staff.waitForURL(/\/admin$/);

    await staff.goto("/admin/settings/security");
    await waitForHydration(staff);
    await main(staff).getByLabel("Your Password").fill(password);
    await main(staff).getByRole("button", { name: "Enable Two-Factor" }).click();
    const qr = main(staff).getByRole("img", { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.locator("svg").count()).toBe(1);
    const key = (await staff.getByTestId("totp-secret").textContent())!;
    expect(await seriousA11yViolations(staff)).toEqual([]);

    await main(staff)
      .getByLabel("Code from the app")
      .fill("000000" === appCode(key) ? "111111" : "000000");
    await main(staff).getByRole("button", { name: "Verify and Turn On" }).click();
    await main(staff).getByText("That code is not right").waitFor();
    await main(staff).getByLabel("Code from the app").fill(appCode(key));
    await main(staff).getByRole("button", { name: "Verify and Turn On" }).click();
    const codes = main(staff).getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const backupCode = (await codes.first().textContent())!.trim();
    const download = main(staff).getByRole("link", { name: "Download codes" });
    expect(await download.getAttribute("href")).toContain(encodeURIComponent(backupCode));
    await main(staff).getByText("Two-factor sign-in is on.").waitFor();
    // Shown once: a reload shows how many are left, not the codes.
    await staff.reload();
    await waitForHydration(staff);
    await main(staff).getByText("You have 10 unused backup codes.").waitFor();
    expect(await staff.content()).not.toContain(backupCode);

    // The second step: its own page, by keyboard, with the app's code.
    const again = await browser.newPage(DESKTOP);
    await passwordStep(again, email, password);
    await again.waitForURL(/\/admin-login\/two-factor$/);
    await waitForHydration(again);
    await again.getByText(`Signing in as ${email}`).waitFor();
    const field = again.getByLabel("Authentication code");
    await expectFocused(field);
    await again.keyboard.type("123");
    await again.keyboard.press("Enter");
    await again.getByText("Enter the 6-digit code from your app, or a backup code").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill(appCode(key, 1));
    await again.keyboard.press("Tab");
    expect(await focusIsVisible(again)).toBe(true);
    await again.keyboard.press("Enter");
    await again.waitForURL(/\/admin$/);

    // A backup code works once.
    const lost = await browser.newPage(DESKTOP);
    await passwordStep(lost, email, password);
    await lost.waitForURL(/\/admin-login\/two-factor$/);
    await lost.getByLabel("Authentication code").fill(backupCode);
    await lost.getByRole("button", { name: "Verify" }).click();
    await lost.waitForURL(/\/admin$/);
    const reuse = await browser.newPage(DESKTOP);
    await passwordStep(reuse, email, password);
    await reuse.waitForURL(/\/admin-login\/two-factor$/);
    await reuse.getByLabel("Authentication code").fill(backupCode);
    await reuse.getByRole("button", { name: "Verify" }).click();
    await reuse.getByText("That backup code is not right, or it has been used already.").waitFor();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`the Security tab and the code page have no serious accessibility finding in the ${colorScheme} theme`, async () => {
      const owner = await browser.newPage({ ...DESKTOP, colorScheme });
      await signInAsOwner(owner);
      await owner.goto("/admin/settings/security");
      await waitForHydration(owner);
      expect(await owner.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        colorScheme === "dark",
      );
      await main(owner).getByText("Staff Two-Factor Rule").waitFor();
      expect(await seriousA11yViolations(owner)).toEqual([]);

      const { email, password } = await newStaffMember();
      const staff = await browser.newPage({ ...DESKTOP, colorScheme });
      await passwordStep(staff, email, password);
      await staff.waitForURL(/\/admin$/);
      await staff.goto("/admin/settings/security");
      await waitForHydration(staff);
      await main(staff).getByLabel("Your Password").fill(password);
      await main(staff).getByRole("button", { name: "Enable Two-Factor" }).click();
      const key = (await staff.getByTestId("totp-secret").textContent())!;
      await main(staff).getByLabel("Code from the app").fill(appCode(key));
      await main(staff).getByRole("button", { name: "Verify and Turn On" }).click();
      await main(staff).getByRole("list", { name: "Backup codes" }).waitFor();
      expect(await seriousA11yViolations(staff)).toEqual([]);

      const step = await browser.newPage({ ...DESKTOP, colorScheme });
      await passwordStep(step, email, password);
      await step.waitForURL(/\/admin-login\/two-factor$/);
      await waitForHydration(step);
      expect(await seriousA11yViolations(step)).toEqual([]);
      await step.getByLabel("Authentication code").fill("000000");
      await step.getByRole("button", { name: "Verify" }).click();
      await step
        .getByText(/not right/)
        .first()
        .waitFor();
      expect(await seriousA11yViolations(step)).toEqual([]);
    });
  }

  it("without JavaScript, two-factor on (the backup codes shown once), off, and a new password each keep the staff member signed in", async () => {
    const { email, password } = await newStaffMember();
    const page = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto("/admin-login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    const stillSignedIn = async () => {
      const answer = await page.goto("/admin/orders");
      expect(answer?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe("/admin/orders");
      await page.goto("/admin/settings/security");
    };

    await page.goto("/admin/settings/security");
    await main(page).getByLabel("Your Password").fill(password);
    await main(page).getByRole("button", { name: "Enable Two-Factor" }).click();
    const key = (await page.getByTestId("totp-secret").textContent())!;
    await main(page).getByLabel("Code from the app").fill(appCode(key));
    await main(page).getByRole("button", { name: "Verify and Turn On" }).click();
    const codes = main(page).getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.reload();
    await main(page).getByText("You have 10 unused backup codes.").waitFor();
    expect(await codes.count()).toBe(0);
    await stillSignedIn();

    await page.locator("#turn-off-password").fill(password);
    await main(page).getByRole("button", { name: "Turn Off Two-Factor" }).click();
    await main(page).getByText("Your password alone signs you in now.").waitFor();
    await stillSignedIn();

    // The password is changed on My account.
    await page.goto("/admin/account");
    const passwordForm = main(page).getByRole("form", { name: "Password" });
    await passwordForm.getByLabel("Current Password").fill(password);
    await passwordForm.getByLabel("New Password", { exact: true }).fill("staff-pass-2");
    await passwordForm.getByLabel("Confirm New Password").fill("staff-pass-2");
    await passwordForm.getByRole("button", { name: "Update Password" }).click();
    await main(page).getByText("Password Updated").waitFor();
    await stillSignedIn();
  });
});
