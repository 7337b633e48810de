// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/domain/auth/session.server";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { plainBrowser } from "./document-requests";
import { shopRequest, signedIn } from "./helpers";
import { appCode, SECURITY_PATH } from "./two-factor-helpers";

useTestDatabase();

beforeAll(async () => {
  await insertStoreSettings();
});

type SecurityPage = {
  twoFactor: { state: string; backupCodesLeft?: number };
  setup: { secret: string } | null;
  notice: { message: { title: string; description: string }; backupCodes?: string[] } | null;
};

/** The Security tab's own data on a page a plain browser was shown. */
const tab = (page: { loaderData: Record<string, unknown> } | null) =>
  page?.loaderData["routes/admin/settings-security"] as SecurityPage | undefined;

const ACCOUNT_PATH = "/admin/account";

/** My account's own data on a page a plain browser was shown. */
const accountPage = (page: { loaderData: Record<string, unknown> } | null) =>
  page?.loaderData["routes/admin/account"] as Pick<SecurityPage, "notice"> | undefined;

const signedInAs = (cookie: string) => getSessionUser(shopRequest("/admin", { cookie }));

describe("the Security tab without JavaScript (plain form posts)", () => {
  it("changing the password on My account keeps this browser signed in and says so once", async () => {
    const staff = await signedIn("staff");
    const browser = plainBrowser(staff.cookie);
    const answer = await browser.post(ACCOUNT_PATH, {
      intent: "change-password",
      currentPassword: staff.password,
      newPassword: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(answer.redirects).toEqual([ACCOUNT_PATH]);
    expect(answer.status).toBe(200);
    expect(accountPage(answer.page)?.notice?.message.title).toBe("Password Updated");
    expect(await signedInAs(browser.cookie())).toMatchObject({ email: staff.email });
    expect(await signedInAs(staff.cookie)).toBeNull();

    const again = await browser.get(ACCOUNT_PATH);
    expect(again.status).toBe(200);
    expect(accountPage(again.page)?.notice).toBeNull();
  });

  it("signing out of other devices on My account answers on the page itself", async () => {
    const staff = await signedIn("staff");
    const browser = plainBrowser(staff.cookie);
    const answer = await browser.post(ACCOUNT_PATH, {
      intent: "sign-out-others",
      currentPassword: staff.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.page?.actionData?.["routes/admin/account"]).toMatchObject({
      ok: true,
      message: { title: "Other Devices Signed Out" },
    });
    expect(await signedInAs(browser.cookie())).toMatchObject({ email: staff.email });
  });

  it("turning two-factor on shows the backup codes once and keeps this browser signed in; turning it off too", async () => {
    const staff = await signedIn("staff");
    const browser = plainBrowser(staff.cookie);
    const started = await browser.post(SECURITY_PATH, {
      intent: "start-two-factor",
      password: staff.password,
    });
    expect(started.status).toBe(200);
    const secret = tab(started.page)!.setup!.secret;

    const on = await browser.post(SECURITY_PATH, {
      intent: "confirm-two-factor",
      code: appCode(secret),
    });
    expect(on.redirects).toEqual([SECURITY_PATH]);
    expect(on.status).toBe(200);
    const shown = tab(on.page)!;
    expect(shown.twoFactor).toEqual({ state: "on", backupCodesLeft: 10 });
    expect(shown.notice?.message.title).toBe("Two-Factor Sign-In On");
    expect(shown.notice?.backupCodes).toHaveLength(10);
    expect(await signedInAs(browser.cookie())).toMatchObject({ twoFactorEnabled: true });

    const reloaded = await browser.get(SECURITY_PATH);
    expect(tab(reloaded.page)?.notice).toBeNull();
    expect(JSON.stringify(reloaded.page)).not.toContain(shown.notice!.backupCodes![0]);

    const off = await browser.post(SECURITY_PATH, {
      intent: "turn-off-two-factor",
      password: staff.password,
    });
    expect(off.redirects).toEqual([SECURITY_PATH]);
    expect(off.status).toBe(200);
    expect(tab(off.page)).toMatchObject({
      twoFactor: { state: "off" },
      notice: { message: { title: "Two-Factor Sign-In Off" } },
    });
    expect(await signedInAs(browser.cookie())).toMatchObject({ twoFactorEnabled: false });
  });
});
