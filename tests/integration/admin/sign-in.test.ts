// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { createOwner, signUpWithPassword } from "~/domain/auth/accounts.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { MAX_FAILED_SIGN_INS, signInWithPassword } from "~/domain/auth/sign-in.server";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { STAFF_SIGN_IN, BASE_URL, cookieFrom, shopRequest, signedIn } from "./helpers";

useTestDatabase();
awayFromWindowEdges();

const attempt = (email: string, password: string, clientAddress = "198.51.100.1") =>
  signInWithPassword({
    email,
    password,
    rememberMe: false,
    request: shopRequest("/admin-login"),
    baseURL: BASE_URL,
    clientAddress,
  });

describe("accounts and sessions", () => {
  it("a new account is a customer and its session is read back from the cookie", async () => {
    const created = await signUpWithPassword({
      email: "lerato@example.com",
      password: "secret-1",
      baseURL: BASE_URL,
    });
    expect(created).toMatchObject({ ok: true });
    const result = await attempt("Lerato@Example.com ", "secret-1");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.isStaff).toBe(false);
    const cookie = cookieFrom(result.headers);
    expect(result.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(result.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    const user = await getSessionUser(shopRequest("/admin", { cookie }));
    expect(user).toMatchObject({ email: "lerato@example.com", role: "customer" });
  });

  it("says when an e-mail is already registered", async () => {
    await signUpWithPassword({
      email: "twice@example.com",
      password: "secret-1",
      baseURL: BASE_URL,
    });
    const again = await signUpWithPassword({
      email: "twice@example.com",
      password: "secret-2",
      baseURL: BASE_URL,
    });
    expect(again).toMatchObject({ ok: false, exists: true });
  });

  it("createOwner makes a new owner, or promotes an account and sets its password", async () => {
    const made = await createOwner({
      email: "boss@example.com",
      password: "first-pass",
      baseURL: BASE_URL,
    });
    expect(made.created).toBe(true);
    await signUpWithPassword({
      email: "later@example.com",
      password: "old-pass",
      baseURL: BASE_URL,
    });
    const promoted = await createOwner({
      email: "later@example.com",
      password: "new-pass",
      baseURL: BASE_URL,
    });
    expect(promoted.created).toBe(false);
    const [row] = await db().select().from(users).where(eq(users.email, "later@example.com"));
    expect(row?.role).toBe("owner");
    expect((await attempt("later@example.com", "old-pass")).ok).toBe(false);
    expect(await attempt("later@example.com", "new-pass")).toMatchObject({
      ok: true,
      isStaff: true,
    });
  });
});

describe("requireStaff", () => {
  it("sends signed-out visitors to /auth", async () => {
    const thrown = await requireStaff(shopRequest("/admin")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
  });

  it("refuses a customer with 403 and lets staff and owners in", async () => {
    const customer = await signedIn("customer");
    const thrown = await requireStaff(shopRequest("/admin", { cookie: customer.cookie })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toMatchObject({ init: { status: 403 } });
    for (const role of ["staff", "owner"] as const) {
      const person = await signedIn(role);
      const user = await requireStaff(shopRequest("/admin", { cookie: person.cookie }));
      expect(user.role).toBe(role);
    }
  });

  it("takes effect at once when the role is taken away", async () => {
    const staff = await signedIn("staff");
    await db().update(users).set({ role: "customer" }).where(eq(users.id, staff.user.id));
    const thrown = await requireStaff(shopRequest("/admin", { cookie: staff.cookie })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toMatchObject({ init: { status: 403 } });
  });
});

describe("failed sign-ins", () => {
  it("are logged with the address, and the account is locked after five in 15 minutes", async () => {
    const { email, password } = await signedIn("staff");
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const result = await attempt(email, "wrong-password", `203.0.113.${i}`);
      expect(result).toMatchObject({ ok: false, reason: "invalid" });
    }
    const locked = await attempt(email, password, "203.0.113.99");
    expect(locked).toMatchObject({ ok: false, reason: "rate_limited" });
    if (!locked.ok) expect(locked.message).toMatch(/Too many failed sign-in attempts/);

    const [latest] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sign_in_failed"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(latest).toMatchObject({ actorEmail: email, ipAddress: "203.0.113.99" });
    const failures = await db().select().from(auditLog).where(eq(auditLog.actorEmail, email));
    expect(failures.filter((r) => r.action === "sign_in_failed")).toHaveLength(6);
  });

  it("are limited per address across accounts", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      await attempt(`nobody-${i}@example.com`, "guess-guess", address);
    }
    const staff = await signedIn("staff");
    expect(await attempt(staff.email, staff.password, address)).toMatchObject({
      reason: "rate_limited",
    });
    expect(await attempt(staff.email, staff.password, "192.0.2.51")).toMatchObject({ ok: true });
  });
});
