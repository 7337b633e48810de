import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createOwner, signOut } from "~/domain/auth/accounts.server";
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  deviceCookieName,
  issueDeviceCookie,
} from "~/domain/auth/device-cookie.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { MAX_FAILED_SIGN_INS, signInWithPassword } from "~/domain/auth/sign-in.server";
import * as adminLogin from "~/routes/auth/admin-login";
import * as authPage from "~/routes/auth/auth";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { BASE_URL, cookieFrom, formRequest, shopRequest } from "./helpers";

useTestDatabase();
awayFromWindowEdges();

const PASSWORD = "owner-password";
let strangerCounter = 0;
const strangerAddress = () => `203.0.113.${++strangerCounter % 250}`;

const attempt = (options: { email: string; password: string; address?: string; cookie?: string }) =>
  signInWithPassword({
    email: options.email,
    password: options.password,
    rememberMe: false,
    request: shopRequest("/admin-login", { cookie: options.cookie }),
    baseURL: BASE_URL,
    clientAddress: options.address ?? strangerAddress(),
  });

async function newOwner() {
  const email = `owner-${crypto.randomUUID()}@example.com`;
  const { id } = await createOwner({ email, password: PASSWORD, baseURL: BASE_URL });
  return { email, id };
}

/** The device cookie a successful sign-in set, as a browser would send it back. */
function deviceCookieFrom(headers: Headers): string {
  const name = `${deviceCookieName(BASE_URL)}=`;
  const header = headers.getSetCookie().find((c) => c.startsWith(name));
  if (!header) throw new Error("No device cookie was set.");
  return header.split(";")[0]!;
}

/** Signs in from a browser, signs out again, and returns what the browser keeps: its device cookie. */
async function browserThatSignedInBefore(email: string) {
  const signedIn = await attempt({ email, password: PASSWORD, address: "198.51.100.20" });
  if (!signedIn.ok) throw new Error(`Could not sign in: ${signedIn.message}`);
  const session = cookieFrom(signedIn.headers);
  const user = await getSessionUser(shopRequest("/admin", { cookie: session }));
  const cleared = await signOut({
    request: shopRequest("/sign-out", { method: "POST", cookie: session }),
    baseURL: BASE_URL,
    user,
    clientAddress: "198.51.100.20",
  });
  // Signing out clears the session cookies, not the device cookie.
  expect(cleared.getSetCookie().join("\n")).not.toContain(deviceCookieName(BASE_URL));
  return deviceCookieFrom(signedIn.headers);
}

async function lockOutStrangers(email: string) {
  for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
    expect(await attempt({ email, password: "a-wrong-guess" })).toMatchObject({
      reason: "invalid",
    });
  }
  expect(await attempt({ email, password: PASSWORD })).toMatchObject({ reason: "rate_limited" });
}

async function failedSignIns(email: string) {
  const rows = await db()
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, "sign_in_failed"), eq(auditLog.actorEmail, email)));
  const reasons = rows.map((r) => (r.details as { reason?: string }).reason);
  return {
    checked: reasons.filter((r) => r !== "rate_limited").length,
    refused: reasons.filter((r) => r === "rate_limited").length,
  };
}

describe("sign-in limits", () => {
  it("40 parallel wrong passwords from strangers get at most five password checks", async () => {
    const { email } = await newOwner();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt({ email, password: `wrong-guess-${i}`, address: `192.0.2.${i + 1}` }),
      ),
    );
    const checked = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
    expect(await failedSignIns(email)).toEqual({ checked, refused: 40 - checked });
  });

  it("successful sign-ins give their count back, so the owner is never locked out by them", async () => {
    const { email } = await newOwner();
    for (let i = 0; i < MAX_FAILED_SIGN_INS * 2; i++) {
      expect(await attempt({ email, password: PASSWORD, address: "198.51.100.30" })).toMatchObject({
        ok: true,
      });
    }
  });

  it("a stranger's wrong passwords do not stop the owner signing in from a browser used before", async () => {
    const { email } = await newOwner();
    const device = await browserThatSignedInBefore(email);
    await lockOutStrangers(email);
    // The same address as the strangers', used up as well: the device cookie still counts apart.
    const shared = "198.51.100.40";
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      await attempt({
        email: `nobody-${i}@example.com`,
        password: "a-wrong-guess",
        address: shared,
      });
    }
    expect(await attempt({ email, password: PASSWORD, address: shared })).toMatchObject({
      reason: "rate_limited",
    });

    const owner = await attempt({ email, password: PASSWORD, address: shared, cookie: device });
    expect(owner).toMatchObject({ ok: true, isStaff: true });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sign_in"), eq(auditLog.actorEmail, email)))
      .orderBy(auditLog.id)
      .offset(1);
    expect(entry?.details).toMatchObject({ trustedDevice: true });
    // Strangers are still refused.
    expect(await attempt({ email, password: PASSWORD })).toMatchObject({ reason: "rate_limited" });
  });

  it("a forged, tampered, expired or another account's device cookie gets no allowance", async () => {
    const { email, id } = await newOwner();
    const other = await newOwner();
    const othersDevice = await browserThatSignedInBefore(other.email);
    const ownDevice = await browserThatSignedInBefore(email);
    await lockOutStrangers(email);

    const [name, value] = ownDevice.split("=") as [string, string];
    const [payload, signature] = value.split(".") as [string, string];
    const flip = (s: string, at: number) =>
      s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { u: string };
    const renamed = Buffer.from(JSON.stringify({ ...claims, u: other.id })).toString("base64url");
    const cookieValue = (setCookie: string) => setCookie.split(";")[0]!;
    const refused = [
      othersDevice,
      `${name}=${flip(payload, 5)}.${signature}`,
      `${name}=${payload}.${flip(signature, 3)}`,
      `${name}=${renamed}.${signature}`,
      `${name}=${payload}`,
      cookieValue(
        issueDeviceCookie({ userId: id, baseURL: BASE_URL, secret: "another-secret-".repeat(3) }),
      ),
      cookieValue(
        issueDeviceCookie({
          userId: id,
          baseURL: BASE_URL,
          now: new Date(Date.now() - (DEVICE_COOKIE_MAX_AGE_SECONDS + 60) * 1000),
        }),
      ),
    ];
    for (const cookie of refused) {
      expect(await attempt({ email, password: PASSWORD, cookie })).toMatchObject({
        reason: "rate_limited",
      });
    }
    expect(await attempt({ email, password: PASSWORD, cookie: ownDevice })).toMatchObject({
      ok: true,
    });
  });

  it("a device cookie has its own five wrong passwords, then is refused; other browsers are not", async () => {
    const { email } = await newOwner();
    const laptop = await browserThatSignedInBefore(email);
    const phone = await browserThatSignedInBefore(email);
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      expect(await attempt({ email, password: "a-wrong-guess", cookie: laptop })).toMatchObject({
        reason: "invalid",
      });
    }
    expect(await attempt({ email, password: PASSWORD, cookie: laptop })).toMatchObject({
      reason: "rate_limited",
    });
    expect(await attempt({ email, password: PASSWORD, cookie: phone })).toMatchObject({ ok: true });
    expect(await attempt({ email, password: PASSWORD })).toMatchObject({ ok: true });
  });

  it("40 parallel wrong passwords with one device cookie get at most five password checks", async () => {
    const { email } = await newOwner();
    const device = await browserThatSignedInBefore(email);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt({ email, password: `wrong-guess-${i}`, cookie: device }),
      ),
    );
    const checked = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
  });
});

describe("the device cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, kept a year; Secure with __Host- on https", () => {
    const plain = issueDeviceCookie({ userId: "u1", baseURL: "http://shop.test" });
    expect(plain).toMatch(/^slumber-device=[\w-]+\.[\w-]+; /);
    for (const attribute of ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000"]) {
      expect(plain).toContain(attribute);
    }
    expect(plain).not.toContain("Secure");
    const secure = issueDeviceCookie({ userId: "u1", baseURL: "https://shop.example.co.za" });
    expect(secure).toMatch(/^__Host-slumber-device=/);
    expect(secure).toContain("; Secure");
    expect(secure).not.toContain("Domain=");
  });

  it("is set beside the session cookie by the Admin Portal's and /auth's sign-in", async () => {
    const { email } = await newOwner();
    const forms: [string, { action: unknown }, Record<string, string>][] = [
      ["/admin-login", adminLogin, { email, password: PASSWORD }],
      ["/auth", authPage, { intent: "sign-in", email, password: PASSWORD }],
    ];
    for (const [path, route, fields] of forms) {
      const action = route.action as (args: object) => Promise<unknown>;
      const thrown = await action({
        request: formRequest(path, fields),
        params: {},
        context: { clientAddress: "198.51.100.50" },
      }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      const cookies = (thrown as Response).headers.getSetCookie();
      expect(cookies.some((c) => c.includes("session_token="))).toBe(true);
      expect(cookies.some((c) => /^(__Host-)?slumber-device=/.test(c))).toBe(true);
    }
  });
});
