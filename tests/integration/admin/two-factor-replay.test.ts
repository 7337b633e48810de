import { spawn } from "node:child_process";
import readline from "node:readline";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, sessions, verifications } from "~/db/schema";
import { getSessionUser } from "~/domain/auth/session.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import { USED_CODE } from "~/domain/auth/totp-step.server";
import { signInWithCode } from "~/domain/auth/two-factor-sign-in.server";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { BASE_URL, cookieFrom, shopRequest, signedIn } from "./helpers";
import { appCode, enableTwoFactor } from "./two-factor-helpers";

/**
 * RFC 6238 s5.2: a code is accepted once. On the PostgreSQL run (TEST_DATABASE_URL) the same
 * code goes to two server processes at once; on PGlite, which one process owns, to two calls.
 */
useTestDatabase();
const serverUrl = process.env.TEST_DATABASE_URL;
const PROCESS_SCRIPT = "tests/integration/admin/code-step-process.ts";

beforeAll(async () => {
  await insertStoreSettings();
});

type Outcome = { ok: boolean; reason?: string; message?: string; cookie: string };
let addressCounter = 0;

/** A browser whose password was right, now waiting for its code: its cookies. */
async function waitingForCode(email: string, password: string) {
  const result = await signInWithPassword({
    email,
    password,
    rememberMe: false,
    request: shopRequest("/admin-login"),
    baseURL: BASE_URL,
    clientAddress: `203.0.113.${++addressCounter}`,
  });
  if (result.ok || result.reason !== "two_factor") throw new Error("expected the code step");
  return cookieFrom(result.headers);
}

async function submitHere(cookie: string, code: string): Promise<Outcome> {
  const result = await signInWithCode({
    code,
    request: shopRequest("/admin-login/two-factor", { method: "POST", cookie }),
    baseURL: BASE_URL,
    clientAddress: `198.51.100.${++addressCounter}`,
  });
  const cookieOut = "headers" in result ? cookieFrom(result.headers) : "";
  return { ...result, cookie: cookieOut };
}

/** A server process of its own, started and connected, that submits `code` when told. */
async function startProcess(cookie: string, code: () => string) {
  const [{ name }] = (await db().execute<{ name: string }>(sql`select current_database() as name`))
    .rows as [{ name: string }];
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const address = `198.51.100.${++addressCounter}`;
  const child = spawn(process.execPath, ["--import", "tsx", PROCESS_SCRIPT, BASE_URL, address], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      lines.on("line", (line) => line.startsWith(prefix) && resolve(line.slice(prefix.length)));
      child.once("exit", () => reject(new Error(`the process ended before "${prefix}"`)));
    });
  await next("ready");
  return {
    async submit(): Promise<Outcome> {
      const answer = next("result ");
      // The arguments are read when told to go, so the code is the one of that moment.
      child.stdin.write(`${JSON.stringify([code(), cookie])}\n`);
      const result = JSON.parse(await answer) as Outcome & { setCookies: string[] };
      const headers = new Headers();
      for (const line of result.setCookies) headers.append("set-cookie", line);
      return { ...result, cookie: cookieFrom(headers) };
    },
  };
}

/** The same code from two browsers at once, each through its own server process. */
async function race(cookies: [string, string], code: () => string): Promise<Outcome[]> {
  if (!serverUrl) return Promise.all(cookies.map((cookie) => submitHere(cookie, code())));
  const processes = await Promise.all(cookies.map((cookie) => startProcess(cookie, code)));
  await leaveTimeInStep();
  return Promise.all(processes.map((p) => p.submit()));
}

/** Waits, when the current 30-second step is nearly over, for the next one to begin. */
async function leaveTimeInStep(seconds = 8) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function staffWithTwoFactor() {
  const staff = await signedIn("staff");
  return { ...staff, ...(await enableTwoFactor(staff.cookie, staff.password)) };
}

const sessionsOf = async (userId: string) =>
  (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("a two-factor code is accepted once", () => {
  it("the same code sent to two processes at once signs in once; an earlier step's code is then refused and the next step's works", async () => {
    const staff = await staffWithTwoFactor();
    const before = await sessionsOf(staff.user.id);
    const browsers: [string, string] = [
      await waitingForCode(staff.email, staff.password),
      await waitingForCode(staff.email, staff.password),
    ];
    await leaveTimeInStep();
    const outcomes = await race(browsers, () => appCode(staff.secret));

    const winners = outcomes.filter((o) => o.ok);
    expect(winners).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ reason: "invalid", message: USED_CODE });
    expect(
      await getSessionUser(shopRequest("/admin", { cookie: winners[0]!.cookie })),
    ).toMatchObject({ email: staff.email });
    expect(await sessionsOf(staff.user.id)).toBe(before + 1);

    // The loser's browser keeps its challenge: the previous step's code, never used, is refused...
    const loser = browsers[outcomes.findIndex((o) => !o.ok)]!;
    const earlier = await submitHere(loser, appCode(staff.secret, -1));
    expect(earlier).toMatchObject({ ok: false, message: USED_CODE });
    // ...and the next step's code (the app shows it within 30 seconds) signs in.
    const later = await submitHere(loser, appCode(staff.secret, 1));
    expect(later.ok).toBe(true);
    expect(await sessionsOf(staff.user.id)).toBe(before + 2);

    const refusals = await db().select().from(auditLog).where(eq(auditLog.actorId, staff.user.id));
    expect(
      refusals.filter((a) => (a.details as { reason?: string })?.reason === "code_used"),
    ).toHaveLength(2);
  }, 60_000);

  it("the code that confirmed the setup does not sign in", async () => {
    const staff = await signedIn("staff");
    await leaveTimeInStep();
    const enabled = await enableTwoFactor(staff.cookie, staff.password, 0);
    const browser = await waitingForCode(staff.email, staff.password);
    // Still the step whose code turned two-factor on.
    const replay = await submitHere(browser, appCode(enabled.secret));
    expect(replay).toMatchObject({ ok: false, message: USED_CODE });
  });

  it("a backup code sent to two processes at once signs in once, and each other code once", async () => {
    const staff = await staffWithTwoFactor();
    const [first, second] = staff.backupCodes as [string, string];
    const browsers: [string, string] = [
      await waitingForCode(staff.email, staff.password),
      await waitingForCode(staff.email, staff.password),
    ];
    const outcomes = await race(browsers, () => first);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);

    const again = await submitHere(await waitingForCode(staff.email, staff.password), first);
    expect(again).toMatchObject({ ok: false, reason: "invalid" });
    const other = await submitHere(await waitingForCode(staff.email, staff.password), second);
    expect(other.ok).toBe(true);
    const twice = await submitHere(await waitingForCode(staff.email, staff.password), second);
    expect(twice.ok).toBe(false);
  }, 60_000);
});

/** The browser's cookies with its better-auth challenge (`better-auth.two_factor`) from `other`. */
function challengeFrom(cookie: string, other: string): string {
  const challenge = (jar: string) => jar.split("; ").find((c) => c.includes("two_factor="))!;
  return cookie.replace(challenge(cookie), challenge(other));
}

describe("a code is spent only on a live challenge of its own account", () => {
  it("a right code with an expired challenge is refused, and the same code then signs in with a fresh one", async () => {
    const staff = await staffWithTwoFactor();
    await leaveTimeInStep();
    const stale = await waitingForCode(staff.email, staff.password);
    // better-auth's challenge (a verification row naming the account) runs out; our cookie not.
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verifications.value, staff.user.id));
    const code = appCode(staff.secret);

    expect(await submitHere(stale, code)).toMatchObject({ ok: false, reason: "expired" });
    const fresh = await submitHere(await waitingForCode(staff.email, staff.password), code);
    expect(fresh.ok).toBe(true);
  });

  it("a code better-auth does not accept (two steps ahead) is not spent: the code of now still signs in", async () => {
    const staff = await staffWithTwoFactor();
    await leaveTimeInStep();
    const browser = await waitingForCode(staff.email, staff.password);
    const ahead = await submitHere(browser, appCode(staff.secret, 2));
    expect(ahead).toMatchObject({ ok: false, reason: "invalid" });
    expect(ahead.message).not.toBe(USED_CODE);
    expect((await submitHere(browser, appCode(staff.secret))).ok).toBe(true);
  });

  it("a right code with another account's challenge is refused, and still signs in its own", async () => {
    const staff = await staffWithTwoFactor();
    const other = await staffWithTwoFactor();
    await leaveTimeInStep();
    const mixed = challengeFrom(
      await waitingForCode(staff.email, staff.password),
      await waitingForCode(other.email, other.password),
    );
    const code = appCode(staff.secret);

    expect(await submitHere(mixed, code)).toMatchObject({ ok: false, reason: "expired" });
    const own = await submitHere(await waitingForCode(staff.email, staff.password), code);
    expect(own.ok).toBe(true);
    expect(await sessionsOf(other.user.id)).toBe(1);
  });
});
