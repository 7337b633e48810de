// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { MAX_PASSWORD_CHECKS } from "~/domain/auth/password-check.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import * as account from "~/routes/admin/account";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { BASE_URL, formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "./helpers";
import {
  appCode,
  body,
  enableTwoFactor,
  headersOf,
  withCookies,
  wrongCode,
} from "./two-factor-helpers";

useTestDatabase();
awayFromWindowEdges();

beforeAll(async () => {
  await insertStoreSettings();
});

const ACCOUNT = "/admin/account";
const post = (fields: Record<string, string>, cookie?: string) =>
  routeOutcome(account.action, formRequest(ACCOUNT, fields, cookie), {});
const page = (cookie?: string) =>
  routeOutcome(account.loader, shopRequest(ACCOUNT, { cookie }), {});
const session = (cookie: string) => getSessionUser(shopRequest("/admin", { cookie }));
let addressCounter = 0;
/** Another browser signing in to the account: its cookie. */
async function elsewhere(email: string, password: string) {
  const signed = await signInWithPassword({
    email,
    password,
    rememberMe: false,
    request: shopRequest("/admin-login"),
    baseURL: BASE_URL,
    clientAddress: `203.0.113.${++addressCounter}`,
  });
  if (!signed.ok) return null;
  return withCookies("", signed.headers);
}

/** A change answered with a redirect back to My account: the cookies after it, and the page. */
async function followToAccount(outcome: { returned?: unknown; thrown?: unknown }, cookie: string) {
  const answer = outcome.returned ?? outcome.thrown;
  if (!(answer instanceof Response) || answer.headers.get("location") !== ACCOUNT) {
    throw new Error(`expected a redirect to My account: ${JSON.stringify(answer)}`);
  }
  const next = withCookies(cookie, answer.headers);
  const { returned } = await page(next);
  const shown = body(returned) as { notice: { message: { title: string; description: string } } };
  return { cookie: withCookies(next, headersOf(returned)), notice: shown.notice, page: shown };
}

const auditLines = (action: "password_changed" | "other_sessions_ended", actorId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .then((rows) => rows.filter((r) => r.actorId === actorId));

describe("role checks of My account", () => {
  const forms: Record<string, string>[] = [
    { intent: "change-password", currentPassword: "x", newPassword: "y", confirmPassword: "y" },
    { intent: "sign-out-others", currentPassword: "x" },
  ];

  it("signed out goes to the staff sign-in and back here; a customer gets 403, for the page and both forms", async () => {
    const customer = (await signedIn("customer")).cookie;
    const signedOut = await page(undefined);
    expect((signedOut.thrown as Response).headers.get("location")).toBe(
      "/admin-login?next=%2Fadmin%2Faccount",
    );
    expect(statusOf((await page(customer)).thrown)).toBe(403);
    for (const fields of forms) {
      const out = await post(fields);
      expect((out.thrown as Response).headers.get("location"), fields.intent).toBe(
        "/admin-login?next=%2Fadmin%2Faccount",
      );
      const asCustomer = await post(fields, customer);
      expect(asCustomer.returned, fields.intent).toBeUndefined();
      expect(statusOf(asCustomer.thrown), fields.intent).toBe(403);
    }
  });

  it("staff and the owner see their own account with the other devices signed in", async () => {
    for (const role of ["staff", "owner"] as const) {
      const member = await signedIn(role);
      expect(body((await page(member.cookie)).returned)).toMatchObject({
        user: { email: member.email, role },
        otherSessions: 0,
        notice: null,
      });
      await elsewhere(member.email, member.password);
      expect(body((await page(member.cookie)).returned)).toMatchObject({ otherSessions: 1 });
    }
  });

  it("an unknown intent is refused with 400", async () => {
    const staff = await signedIn("staff");
    expect(statusOf((await post({ intent: "nonsense" }, staff.cookie)).returned)).toBe(400);
  });
});

describe("change password", () => {
  it("checks the form with the shop's password rules, by the fields, and changes nothing", async () => {
    const staff = await signedIn("staff");
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { currentPassword: "", newPassword: "abc", confirmPassword: "abc" },
        {
          currentPassword: "Current password is required",
          newPassword: "Password must be at least 6 characters",
        },
      ],
      [
        { currentPassword: staff.password, newPassword: "x".repeat(129), confirmPassword: "" },
        { newPassword: "Password is too long", confirmPassword: "Please confirm the new password" },
      ],
      [
        {
          currentPassword: staff.password,
          newPassword: "new-pass-1",
          confirmPassword: "new-pass-2",
        },
        { confirmPassword: "The passwords do not match" },
      ],
      [
        {
          currentPassword: staff.password,
          newPassword: staff.password,
          confirmPassword: staff.password,
        },
        { newPassword: "The new password must differ from the current one" },
      ],
      [
        {
          currentPassword: staff.password,
          newPassword: "new-pass-3",
          confirmPassword: "new-pass-3",
          twoFactorCode: "12ab",
        },
        { twoFactorCode: expect.stringMatching(/^Enter the 6-digit code/) as unknown as string },
      ],
    ];
    for (const [fields, errors] of cases) {
      const result = await post({ intent: "change-password", ...fields }, staff.cookie);
      expect(statusOf(result.returned)).toBe(400);
      expect(body(result.returned)).toMatchObject({ ok: false, fieldErrors: errors });
      // The passwords typed are never sent back.
      expect(body(result.returned).values).toEqual({ intent: "change-password" });
    }
    expect(await elsewhere(staff.email, staff.password)).not.toBeNull();
  });

  it("a wrong current password is refused by its field and nothing changes", async () => {
    const staff = await signedIn("staff");
    const result = await post(
      {
        intent: "change-password",
        currentPassword: "wrong-password",
        newPassword: "brand-new-1",
        confirmPassword: "brand-new-1",
      },
      staff.cookie,
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      fieldErrors: { currentPassword: "That password is not right." },
    });
    expect(await elsewhere(staff.email, "brand-new-1")).toBeNull();
    expect(await elsewhere(staff.email, staff.password)).not.toBeNull();
  });

  it("says Password Updated only after the change, signs out every other session and audits it without the password", async () => {
    const staff = await signedIn("staff");
    const otherCookie = (await elsewhere(staff.email, staff.password))!;
    expect(await session(otherCookie)).not.toBeNull();

    const result = await post(
      {
        intent: "change-password",
        currentPassword: staff.password,
        newPassword: "brand-new-2",
        confirmPassword: "brand-new-2",
      },
      staff.cookie,
    );
    const { cookie, notice, page: shown } = await followToAccount(result, staff.cookie);
    expect(notice).toMatchObject({
      message: {
        title: "Password Updated",
        description: "You were signed out everywhere else (1 other session).",
      },
    });
    expect(shown).toMatchObject({ otherSessions: 0 });
    // This browser keeps going with its new session; the other one is signed out.
    expect(await session(cookie)).toMatchObject({ email: staff.email });
    expect(await session(otherCookie)).toBeNull();
    expect(await session(staff.cookie)).toBeNull();
    expect(await elsewhere(staff.email, staff.password)).toBeNull();
    expect(await elsewhere(staff.email, "brand-new-2")).not.toBeNull();

    const [line] = await auditLines("password_changed", staff.user.id);
    expect(line).toMatchObject({ details: { otherSessionsEnded: 1 } });
    expect(JSON.stringify(line)).not.toContain("brand-new-2");
    expect(JSON.stringify(line)).not.toContain(staff.password);
  });

  it(`allows ${MAX_PASSWORD_CHECKS} wrong current passwords in 15 minutes, then refuses with 429, even the right one`, async () => {
    const staff = await signedIn("staff");
    const attempt = (currentPassword: string) =>
      post(
        {
          intent: "change-password",
          currentPassword,
          newPassword: "brand-new-3",
          confirmPassword: "brand-new-3",
        },
        staff.cookie,
      );
    for (let i = 0; i < MAX_PASSWORD_CHECKS; i++) {
      expect(statusOf((await attempt(`wrong-${i}`)).returned)).toBe(400);
    }
    const blocked = await attempt(staff.password);
    expect(statusOf(blocked.returned)).toBe(429);
    expect(body(blocked.returned)).toMatchObject({
      alert: {
        title: "Too many attempts",
        description: expect.stringMatching(/^Too many wrong passwords/),
      },
    });
    // The sign-out control shares the allowance: a stolen session cannot guess on there either.
    const other = await post(
      { intent: "sign-out-others", currentPassword: staff.password },
      staff.cookie,
    );
    expect(statusOf(other.returned)).toBe(429);
    expect(await elsewhere(staff.email, staff.password)).not.toBeNull();
    const failures = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "password_check_failed"));
    expect(failures.filter((f) => f.actorId === staff.user.id)).toHaveLength(
      MAX_PASSWORD_CHECKS + 2,
    );
  });
});

describe("with two-factor sign-in on", () => {
  const change = (cookie: string, currentPassword: string, newPassword: string, code?: string) =>
    post(
      {
        intent: "change-password",
        currentPassword,
        newPassword,
        confirmPassword: newPassword,
        ...(code === undefined ? {} : { twoFactorCode: code }),
      },
      cookie,
    );

  it("a password change needs the app's code as well: none, a wrong one and a right one", async () => {
    const staff = await signedIn("staff");
    const { cookie, secret } = await enableTwoFactor(staff.cookie, staff.password);

    const none = await change(cookie, staff.password, "with-code-1");
    expect(statusOf(none.returned)).toBe(400);
    expect(body(none.returned)).toMatchObject({
      fieldErrors: {
        twoFactorCode: "Enter the code from your authenticator app, or a backup code",
      },
    });
    const wrong = await change(cookie, staff.password, "with-code-1", wrongCode(secret));
    expect(statusOf(wrong.returned)).toBe(400);
    expect(body(wrong.returned)).toMatchObject({
      fieldErrors: { twoFactorCode: expect.stringContaining("not right") },
    });
    // A wrong password with a right code: the password's field, and the code is not spent.
    const code = appCode(secret);
    const badPassword = await change(cookie, "not-the-password", "with-code-1", code);
    expect(body(badPassword.returned)).toMatchObject({
      fieldErrors: { currentPassword: "That password is not right." },
    });
    expect(await elsewhere(staff.email, "with-code-1")).toBeNull();

    const right = await change(cookie, staff.password, "with-code-1", code);
    const { notice } = await followToAccount(right, cookie);
    expect(notice.message.title).toBe("Password Updated");
    // Its password works (the sign-in then asks for a code, as it should).
    expect(
      await signInWithPassword({
        email: staff.email,
        password: "with-code-1",
        rememberMe: false,
        request: shopRequest("/admin-login"),
        baseURL: BASE_URL,
        clientAddress: "198.51.100.77",
      }),
    ).toMatchObject({ ok: false, reason: "two_factor" });
    const failed = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "two_factor_failed"));
    const mine = failed.filter((f) => f.actorId === staff.user.id);
    expect(mine[0]?.details).toMatchObject({ purpose: "change_password", reason: "invalid_code" });
    expect(JSON.stringify(mine)).not.toContain(code);
  });

  it("a code used once does not work again, and a backup code works once", async () => {
    const staff = await signedIn("staff");
    const { cookie, secret, backupCodes } = await enableTwoFactor(staff.cookie, staff.password);
    const code = appCode(secret);
    const first = await post(
      { intent: "sign-out-others", currentPassword: staff.password, twoFactorCode: code },
      cookie,
    );
    expect(body(first.returned)).toMatchObject({ ok: true });
    const again = await post(
      { intent: "sign-out-others", currentPassword: staff.password, twoFactorCode: code },
      cookie,
    );
    expect(body(again.returned)).toMatchObject({
      fieldErrors: { twoFactorCode: expect.stringContaining("used already") },
    });

    const backup = backupCodes[0]!;
    const withBackup = await change(cookie, staff.password, "with-backup-1", backup);
    const { cookie: after } = await followToAccount(withBackup, cookie);
    const reused = await change(after, "with-backup-1", "with-backup-2", backup);
    expect(body(reused.returned)).toMatchObject({
      fieldErrors: { twoFactorCode: expect.stringContaining("backup code is not right") },
    });
  });
});

describe("sign out of other devices", () => {
  it("ends every other session, keeps this one, says how many and audits it without the password", async () => {
    const staff = await signedIn("staff");
    const others = [
      (await elsewhere(staff.email, staff.password))!,
      (await elsewhere(staff.email, staff.password))!,
    ];
    const wrong = await post(
      { intent: "sign-out-others", currentPassword: "not-the-password" },
      staff.cookie,
    );
    expect(statusOf(wrong.returned)).toBe(400);
    expect(body(wrong.returned)).toMatchObject({
      fieldErrors: { currentPassword: "That password is not right." },
      values: { intent: "sign-out-others" },
    });
    for (const other of others) expect(await session(other)).not.toBeNull();

    const done = await post(
      { intent: "sign-out-others", currentPassword: staff.password },
      staff.cookie,
    );
    expect(body(done.returned)).toMatchObject({
      ok: true,
      intent: "sign-out-others",
      message: {
        title: "Other Devices Signed Out",
        description: "You were signed out everywhere else (2 other sessions).",
      },
    });
    for (const other of others) expect(await session(other)).toBeNull();
    expect(await session(staff.cookie)).toMatchObject({ email: staff.email });
    // The password is unchanged.
    expect(await elsewhere(staff.email, staff.password)).not.toBeNull();

    const [line] = await auditLines("other_sessions_ended", staff.user.id);
    expect(line).toMatchObject({ details: { otherSessionsEnded: 2 } });
    expect(JSON.stringify(line)).not.toContain(staff.password);
  });

  it("an empty password is refused by its field before anything is checked", async () => {
    const staff = await signedIn("staff");
    const result = await post({ intent: "sign-out-others", currentPassword: "" }, staff.cookie);
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      fieldErrors: { currentPassword: "Current password is required" },
    });
  });
});
