// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, twoFactors, users } from "~/db/schema";
import { getSessionUser } from "~/domain/auth/session.server";
import * as adminLogin from "~/routes/auth/admin-login";
import * as authPage from "~/routes/auth/auth";
import * as twoFactorPage from "~/routes/auth/two-factor";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { BASE_URL, formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "./helpers";
import {
  appCode,
  body,
  enableTwoFactor,
  followToTab,
  headersOf,
  page,
  post,
  withCookies,
  wrongCode,
} from "./two-factor-helpers";

useTestDatabase();
awayFromWindowEdges();

beforeAll(async () => {
  await insertStoreSettings();
});

const CODE_PATH = "/admin-login/two-factor";
let addressCounter = 0;

/** The password step at /admin-login (or /auth): where it sends the browser, and its cookies. */
async function passwordStep(
  email: string,
  password: string,
  from: "/admin-login" | "/auth" = "/admin-login",
) {
  const module = from === "/admin-login" ? adminLogin : authPage;
  const { thrown, returned } = await routeOutcome(
    module.action,
    formRequest(from, { email, password }),
    {},
  );
  const answer = (thrown ?? returned) as Response;
  return {
    location: answer instanceof Response ? answer.headers.get("location") : null,
    cookie: withCookies("", headersOf(answer)),
    answer,
  };
}

/** The code step, from its own address so tests do not share the address's allowance. */
async function codeStep(
  cookie: string,
  code: string,
  clientAddress = `192.0.2.${++addressCounter}`,
) {
  try {
    const returned = await twoFactorPage.action({
      request: formRequest(CODE_PATH, { code }, cookie),
      params: {},
      context: { clientAddress },
    } as never);
    return { status: statusOf(returned), body: body(returned), location: null, cookie };
  } catch (thrown) {
    const response = thrown as Response;
    return {
      status: response.status,
      body: {},
      location: response.headers.get("location"),
      cookie: withCookies(cookie, response.headers),
    };
  }
}

const auditOf = (actorId: string) =>
  db().select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.id));

describe("turning two-factor on", () => {
  it("takes the password, shows a QR code and the key until the app's first code, then the backup codes once", async () => {
    const staff = await signedIn("staff");
    expect(body((await page(staff.cookie)).returned)).toMatchObject({
      twoFactor: { state: "off" },
      setup: null,
    });

    const wrong = await post(
      { intent: "start-two-factor", password: "not-my-password" },
      staff.cookie,
    );
    expect(statusOf(wrong.returned)).toBe(400);
    expect(body(wrong.returned)).toMatchObject({
      fieldErrors: { password: "That password is not right." },
    });
    expect(
      await db().select().from(twoFactors).where(eq(twoFactors.userId, staff.user.id)),
    ).toEqual([]);

    const started = await post(
      { intent: "start-two-factor", password: staff.password },
      staff.cookie,
    );
    expect(body(started.returned)).toMatchObject({ ok: true });
    const pending = body((await page(staff.cookie)).returned) as {
      twoFactor: { state: string };
      setup: { qrSvg: string; secret: string };
    };
    expect(pending.twoFactor.state).toBe("pending");
    expect(pending.setup.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    expect(pending.setup.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    // Not on yet: a sign-in still needs only the password.
    const [row] = await db().select().from(users).where(eq(users.id, staff.user.id));
    expect(row!.twoFactorEnabled).toBe(false);

    const secret = pending.setup.secret;
    const refused = await post(
      { intent: "confirm-two-factor", code: wrongCode(secret) },
      staff.cookie,
    );
    expect(statusOf(refused.returned)).toBe(400);
    expect(body(refused.returned)).toMatchObject({
      fieldErrors: { code: expect.stringContaining("not right") },
    });
    const malformed = await post({ intent: "confirm-two-factor", code: "12ab" }, staff.cookie);
    expect(body(malformed.returned)).toMatchObject({
      fieldErrors: { code: "Enter the 6-digit code from your app" },
    });

    const confirmed = await post(
      { intent: "confirm-two-factor", code: appCode(secret) },
      staff.cookie,
    );
    // Back to the tab, which shows the backup codes this once.
    const { cookie, notice } = await followToTab(confirmed, staff.cookie);
    expect(notice?.message.title).toBe("Two-Factor Sign-In On");
    const answer = { backupCodes: notice!.backupCodes! };
    expect(answer.backupCodes).toHaveLength(10);
    for (const code of answer.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    const on = body((await page(cookie)).returned);
    expect(on).toMatchObject({
      twoFactor: { state: "on", backupCodesLeft: 10 },
      setup: null,
      notice: null,
    });
    // The key is never shown again, and the page's data holds no backup code.
    expect(JSON.stringify(on)).not.toContain(secret.replace(/ /g, "").slice(0, 12));
    for (const code of answer.backupCodes) expect(JSON.stringify(on)).not.toContain(code);

    const audit = await auditOf(staff.user.id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["two_factor_enabled", "two_factor_failed", "password_check_failed"]),
    );
    const logged = JSON.stringify(audit);
    expect(logged).not.toContain(secret.replace(/ /g, "").slice(0, 12));
    for (const code of answer.backupCodes) expect(logged).not.toContain(code);
  });

  it("a setup can be cancelled and leaves two-factor off", async () => {
    const staff = await signedIn("staff");
    await post({ intent: "start-two-factor", password: staff.password }, staff.cookie);
    await post({ intent: "cancel-two-factor" }, staff.cookie);
    expect(body((await page(staff.cookie)).returned)).toMatchObject({
      twoFactor: { state: "off" },
    });
  });
});

describe("signing in with two-factor on", () => {
  it("asks for the code on a page of its own; the app's code signs in", async () => {
    const staff = await signedIn("staff");
    const { secret } = await enableTwoFactor(staff.cookie, staff.password);

    for (const from of ["/admin-login", "/auth"] as const) {
      const step = await passwordStep(staff.email, staff.password, from);
      expect(step.location).toBe(CODE_PATH);
      // No session yet: the password alone opens nothing.
      expect(await getSessionUser(shopRequest("/admin", { cookie: step.cookie }))).toBeNull();
      const shown = await routeOutcome(
        twoFactorPage.loader,
        shopRequest(CODE_PATH, { cookie: step.cookie }),
        {},
      );
      expect(shown.returned).toEqual({ email: staff.email, next: null });

      // Each code works once: the second sign-in takes the next one the app shows.
      const done = await codeStep(step.cookie, appCode(secret, from === "/auth" ? 1 : 0));
      expect(done.location).toBe("/admin");
      expect(await getSessionUser(shopRequest("/admin", { cookie: done.cookie }))).toMatchObject({
        email: staff.email,
        twoFactorEnabled: true,
      });
    }
    const [signIn] = (await auditOf(staff.user.id)).filter((a) => a.action === "sign_in");
    expect(signIn!.details).toMatchObject({ twoFactor: "totp" });
  });

  it("the code page sends anyone without a pending sign-in to the password step", async () => {
    const { thrown } = await routeOutcome(twoFactorPage.loader, shopRequest(CODE_PATH), {});
    expect((thrown as Response).headers.get("location")).toBe("/admin-login");
    const forged = await codeStep("slumber-2fa=eyJ1IjoieCJ9.forged", "123456");
    expect(forged.location).toBe("/admin-login?two-factor=expired");
  });

  it("a backup code signs in once", async () => {
    const staff = await signedIn("staff");
    const { backupCodes, cookie } = await enableTwoFactor(staff.cookie, staff.password);
    const [code] = backupCodes;

    const first = await passwordStep(staff.email, staff.password);
    const used = await codeStep(first.cookie, code!);
    expect(used.location).toBe("/admin");
    expect(await getSessionUser(shopRequest("/admin", { cookie: used.cookie }))).not.toBeNull();
    expect(body((await page(cookie)).returned)).toMatchObject({
      twoFactor: { state: "on", backupCodesLeft: 9 },
    });

    const again = await passwordStep(staff.email, staff.password);
    const reused = await codeStep(again.cookie, code!);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({
      fieldErrors: { code: "That backup code is not right, or it has been used already." },
    });
    // Typed without its hyphen, as people do, another code still works.
    const third = await passwordStep(staff.email, staff.password);
    expect((await codeStep(third.cookie, backupCodes[1]!.replace("-", ""))).location).toBe(
      "/admin",
    );
    const [failure] = (await auditOf(staff.user.id)).filter(
      (a) => a.action === "two_factor_failed",
    );
    expect(failure!.details).toMatchObject({ method: "backup_code" });
    expect(JSON.stringify(await auditOf(staff.user.id))).not.toContain(code!);
  });

  it("a wrong code is refused, and after 5 the account's codes are refused for a while, even a right one", async () => {
    const staff = await signedIn("staff");
    const { secret } = await enableTwoFactor(staff.cookie, staff.password);
    const wrong = wrongCode(secret);
    let step = await passwordStep(staff.email, staff.password);
    for (let i = 1; i <= 5; i++) {
      // better-auth ends a challenge after 5 tries; the password step starts a new one.
      if (i === 5) step = await passwordStep(staff.email, staff.password);
      const refused = await codeStep(step.cookie, wrong);
      expect(refused.status, `attempt ${i}`).toBe(401);
      expect(refused.body).toMatchObject({
        fieldErrors: { code: expect.stringContaining("not right") },
      });
    }
    const blocked = await codeStep(step.cookie, appCode(secret));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      alert: {
        description: expect.stringMatching(/^Too many wrong codes\. Please wait \d+ minutes?/),
      },
    });
    expect(await getSessionUser(shopRequest("/admin", { cookie: blocked.cookie }))).toBeNull();

    const failures = (await auditOf(staff.user.id)).filter((a) => a.action === "two_factor_failed");
    expect(failures).toHaveLength(6);
    expect(failures[0]!.details).toMatchObject({ reason: "rate_limited" });
    expect(JSON.stringify(failures)).not.toContain(wrong);
  });

  it("wrong codes use up the address's allowance, except for a browser that signed in to the account before", async () => {
    const office = "198.51.100.77";
    const guesser = await signedIn("staff");
    const colleague = await signedIn("staff");
    const guessed = await enableTwoFactor(guesser.cookie, guesser.password);
    const { secret } = await enableTwoFactor(colleague.cookie, colleague.password);
    const step = await passwordStep(guesser.email, guesser.password);
    for (let i = 0; i < 5; i++) {
      expect((await codeStep(step.cookie, wrongCode(guessed.secret), office)).status).toBe(401);
    }
    // A stranger's browser at the same address is refused, even with the right code...
    const stranger = await passwordStep(colleague.email, colleague.password);
    expect((await codeStep(stranger.cookie, appCode(secret), office)).status).toBe(429);
    // ...the colleague's own browser (its device cookie from an earlier sign-in) is not.
    const device = colleague.cookie
      .split("; ")
      .filter((pair) => pair.startsWith("slumber-device="))
      .join("; ");
    expect(device).not.toBe("");
    const own = await passwordStep(colleague.email, colleague.password);
    const signedInAgain = await codeStep(
      withCookies(device, headersOf(own.answer)),
      appCode(secret),
      office,
    );
    expect(signedInAgain.location).toBe("/admin");
  });

  it("accounts without two-factor still sign in with the password alone", async () => {
    const staff = await signedIn("staff");
    const step = await passwordStep(staff.email, staff.password);
    expect(step.location).toBe("/admin");
  });
});

describe("new backup codes and turning two-factor off", () => {
  it("new codes replace the old; off needs the password and ends the code step", async () => {
    const staff = await signedIn("staff");
    const enabled = await enableTwoFactor(staff.cookie, staff.password);
    let cookie = enabled.cookie;

    const renewed = await post({ intent: "renew-backup-codes", password: staff.password }, cookie);
    const fresh = (await followToTab(renewed, cookie)).notice!.backupCodes!;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(enabled.backupCodes[0]);
    const old = await passwordStep(staff.email, staff.password);
    expect((await codeStep(old.cookie, enabled.backupCodes[0]!)).status).toBe(401);

    const wrong = await post({ intent: "turn-off-two-factor", password: "nope-nope" }, cookie);
    expect(body(wrong.returned)).toMatchObject({
      fieldErrors: { password: "That password is not right." },
    });
    const off = await post({ intent: "turn-off-two-factor", password: staff.password }, cookie);
    const afterOff = await followToTab(off, cookie);
    expect(afterOff.notice?.message.title).toBe("Two-Factor Sign-In Off");
    cookie = afterOff.cookie;
    expect(body((await page(cookie)).returned)).toMatchObject({ twoFactor: { state: "off" } });
    expect((await passwordStep(staff.email, staff.password)).location).toBe("/admin");
    expect((await auditOf(staff.user.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(["two_factor_backup_codes_renewed", "two_factor_disabled"]),
    );
  });
});

describe("the owner's rule: two-factor for all staff", () => {
  it("needs the owner's own two-factor first, then sends staff without it to set it up", async () => {
    const owner = await signedIn("owner");
    const staff = await signedIn("staff");
    const refused = await post({ intent: "two-factor-rule", requireTwoFactor: "on" }, owner.cookie);
    expect(statusOf(refused.returned)).toBe(409);
    expect(body(refused.returned)).toMatchObject({
      fieldErrors: { requireTwoFactor: expect.stringContaining("your own account first") },
    });

    const { cookie: ownerCookie } = await enableTwoFactor(owner.cookie, owner.password);
    const byStaff = await post({ intent: "two-factor-rule", requireTwoFactor: "on" }, staff.cookie);
    expect(statusOf(byStaff.thrown)).toBe(403);
    const saved = await post({ intent: "two-factor-rule", requireTwoFactor: "on" }, ownerCookie);
    expect(body(saved.returned)).toMatchObject({ ok: true, message: { title: "Settings Saved" } });
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, "settings:security"))
      .orderBy(desc(auditLog.id));
    expect(line!.details).toEqual({ requireTwoFactor: { from: false, to: true } });

    // Staff without it: every other admin page sends them to the Security tab.
    const dashboard = await import("~/routes/admin/dashboard");
    const elsewhere = await routeOutcome(
      dashboard.loader,
      shopRequest("/admin", { cookie: staff.cookie }),
      {},
    );
    expect((elsewhere.thrown as Response).headers.get("location")).toBe(
      "/admin/settings/security?required=1",
    );
    const security = await page(staff.cookie);
    expect(body(security.returned)).toMatchObject({ mustSetUp: true, required: true });
    const { cookie: staffCookie } = await enableTwoFactor(staff.cookie, staff.password);
    const after = await routeOutcome(
      dashboard.loader,
      shopRequest("/admin", { cookie: staffCookie }),
      {},
    );
    expect(after.thrown).toBeUndefined();

    // While the rule holds, nobody can turn their own two-factor off.
    const off = await post(
      { intent: "turn-off-two-factor", password: staff.password },
      staffCookie,
    );
    expect(statusOf(off.returned)).toBe(409);
    expect(
      (
        await db()
          .select()
          .from(users)
          .where(inArray(users.id, [staff.user.id, owner.user.id]))
      ).every((u) => u.twoFactorEnabled),
    ).toBe(true);
    await post({ intent: "two-factor-rule" }, ownerCookie);
  });
});

describe("the owner resets a team member's two-factor (a lost phone, no backup codes)", () => {
  it("clears it and signs that person out; the next sign-in needs the password alone", async () => {
    const team = await import("~/routes/admin/team");
    const owner = await signedIn("owner");
    const staff = await signedIn("staff");
    const { cookie: staffCookie } = await enableTwoFactor(staff.cookie, staff.password);
    const reset = (cookie: string, userId: string) =>
      routeOutcome(
        team.action,
        formRequest("/admin/team", { intent: "reset-two-factor", userId }, cookie),
        {},
      );

    expect(statusOf((await reset(staffCookie, staff.user.id)).thrown)).toBe(403);
    expect(statusOf((await reset(owner.cookie, owner.user.id)).returned)).toBe(409);
    const done = await reset(owner.cookie, staff.user.id);
    expect(body(done.returned)).toMatchObject({ ok: true, message: { title: "Two-Factor Reset" } });

    expect(await getSessionUser(shopRequest("/admin", { cookie: staffCookie }))).toBeNull();
    expect((await passwordStep(staff.email, staff.password)).location).toBe("/admin");
    expect(
      await db().select().from(twoFactors).where(eq(twoFactors.userId, staff.user.id)),
    ).toEqual([]);
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "two_factor_reset"))
      .orderBy(desc(auditLog.id));
    expect(line).toMatchObject({
      actorId: owner.user.id,
      subject: `user:${staff.user.id}`,
      details: { email: staff.email, sessionsEnded: 1 },
    });
    expect(statusOf((await reset(owner.cookie, staff.user.id)).returned)).toBe(409);
  });
});

describe("an owner who lost both the phone and the backup codes", () => {
  it("admin:create (createOwner) sets a new password and turns two-factor off", async () => {
    const { createOwner } = await import("~/domain/auth/accounts.server");
    const owner = await signedIn("owner");
    await enableTwoFactor(owner.cookie, owner.password);
    expect((await passwordStep(owner.email, owner.password)).location).toBe(CODE_PATH);
    await createOwner({ email: owner.email, password: "recovered-1", baseURL: BASE_URL });
    expect((await passwordStep(owner.email, "recovered-1")).location).toBe("/admin");
    expect(
      await db().select().from(twoFactors).where(eq(twoFactors.userId, owner.user.id)),
    ).toEqual([]);
  });
});
