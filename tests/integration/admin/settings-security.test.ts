// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { MAX_PASSWORD_CHECKS } from "~/domain/auth/password-check.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import * as twoFactorPage from "~/routes/auth/two-factor";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import {
  STAFF_SIGN_IN,
  BASE_URL,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "./helpers";
import { body, followToTab, page, post, withCookies } from "./two-factor-helpers";

useTestDatabase();
awayFromWindowEdges();

beforeAll(async () => {
  await insertStoreSettings();
});

const session = (cookie: string) => getSessionUser(shopRequest("/admin", { cookie }));
const signIn = (email: string, password: string) =>
  signInWithPassword({
    email,
    password,
    rememberMe: false,
    request: shopRequest("/admin-login"),
    baseURL: BASE_URL,
    clientAddress: "203.0.113.9",
  });

describe("role checks of the Security tab and the code step", () => {
  const forms: Record<string, string>[] = [
    { intent: "change-password", currentPassword: "x", newPassword: "y", confirmPassword: "y" },
    { intent: "start-two-factor", password: "x" },
    { intent: "confirm-two-factor", code: "123456" },
    { intent: "cancel-two-factor" },
    { intent: "renew-backup-codes", password: "x" },
    { intent: "turn-off-two-factor", password: "x" },
    { intent: "two-factor-rule", requireTwoFactor: "on" },
  ];

  it("signed out goes to the staff sign-in, a customer gets 403, for the page and every form", async () => {
    const customer = (await signedIn("customer")).cookie;
    const signedOut = await page(undefined);
    expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(statusOf((await page(customer)).thrown)).toBe(403);
    for (const fields of forms) {
      const out = await post(fields);
      expect((out.thrown as Response).headers.get("location"), fields.intent).toMatch(
        STAFF_SIGN_IN,
      );
      const asCustomer = await post(fields, customer);
      expect(asCustomer.returned, fields.intent).toBeUndefined();
      expect(statusOf(asCustomer.thrown), fields.intent).toBe(403);
    }
  });

  it("staff see their own section without the owner's; the owner sees the rule and the team", async () => {
    const staff = await signedIn("staff");
    const owner = await signedIn("owner");
    expect(body((await page(staff.cookie)).returned)).toMatchObject({ owner: null });
    expect(body((await page(owner.cookie)).returned)).toMatchObject({
      owner: {
        selfOn: false,
        staff: expect.arrayContaining([
          expect.objectContaining({ email: staff.email, on: false }),
          expect.objectContaining({ email: owner.email, on: false }),
        ]),
      },
    });
    const rule = await post({ intent: "two-factor-rule", requireTwoFactor: "on" }, staff.cookie);
    expect(statusOf(rule.thrown)).toBe(403);
  });

  it("an unknown intent is refused with 400", async () => {
    const staff = await signedIn("staff");
    expect(statusOf((await post({ intent: "nonsense" }, staff.cookie)).returned)).toBe(400);
  });

  it("the code step refuses a code that is not a code with 400, and needs a pending sign-in", async () => {
    const returned = await twoFactorPage.action({
      request: formRequest("/admin-login/two-factor", { code: "<script>" }),
      params: {},
      context: { clientAddress: "192.0.2.200" },
    } as never);
    expect(statusOf(returned)).toBe(400);
    const { thrown } = await routeOutcome(
      twoFactorPage.action,
      formRequest("/admin-login/two-factor", { code: "123456" }),
      {},
    );
    expect((thrown as Response).headers.get("location")).toBe("/admin-login?two-factor=expired");
  });
});

describe("change password", () => {
  it("checks the form with the specification's rules, by the fields, and changes nothing", async () => {
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
    ];
    for (const [fields, errors] of cases) {
      const result = await post({ intent: "change-password", ...fields }, staff.cookie);
      expect(statusOf(result.returned)).toBe(400);
      expect(body(result.returned)).toMatchObject({ ok: false, fieldErrors: errors });
      // The passwords typed are never sent back.
      expect(body(result.returned).values).toEqual({ intent: "change-password" });
    }
    expect((await signIn(staff.email, staff.password)).ok).toBe(true);
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
    expect((await signIn(staff.email, "brand-new-1")).ok).toBe(false);
    expect((await signIn(staff.email, staff.password)).ok).toBe(true);
  });

  it("says Password Updated only after the change, and signs out every other session", async () => {
    const staff = await signedIn("staff");
    const elsewhere = await signIn(staff.email, staff.password);
    if (!elsewhere.ok) throw new Error("second sign-in failed");
    const otherCookie = withCookies("", elsewhere.headers);
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
    // Back to the tab with the new session, which says so once.
    const { cookie, notice } = await followToTab(result, staff.cookie);
    expect(notice).toMatchObject({
      message: {
        title: "Password Updated",
        description: "You were signed out everywhere else (1 other session).",
      },
    });
    // This browser keeps going with its new session; the other one is signed out.
    expect(await session(cookie)).toMatchObject({ email: staff.email });
    expect(await session(otherCookie)).toBeNull();
    expect(await session(staff.cookie)).toBeNull();
    expect((await signIn(staff.email, staff.password)).ok).toBe(false);
    expect((await signIn(staff.email, "brand-new-2")).ok).toBe(true);

    const [line] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "password_changed"))
      .orderBy(desc(auditLog.id));
    expect(line).toMatchObject({ actorId: staff.user.id, details: { otherSessionsEnded: 1 } });
    expect(JSON.stringify(line)).not.toContain("brand-new-2");
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
    expect((await signIn(staff.email, staff.password)).ok).toBe(true);
    const failures = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "password_check_failed"));
    expect(failures.filter((f) => f.actorId === staff.user.id)).toHaveLength(
      MAX_PASSWORD_CHECKS + 1,
    );
  });
});
