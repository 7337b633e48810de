// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { SIGN_UPS_PER_EMAIL } from "~/domain/auth/accounts.server";
import * as signUpPage from "~/routes/account/sign-up";
import * as authPage from "~/routes/auth/auth";
import * as forgotPage from "~/routes/auth/forgot-password";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { startSmtpServer } from "../../setup/smtp";
import { routeOutcome, signedIn, statusOf } from "../admin/helpers";

/**
 * Sign-up and forgot password tell no stranger whether an address has an account: the same
 * answer and status either way, and the same work behind it (its time is timed by
 * `npm run bench -- --only sign-up`); the address's owner is told by e-mail instead.
 */
useTestDatabase();
awayFromWindowEdges();

const PUBLIC_URL = "https://beds.example";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let counter = 0;
let hashes: MockInstance<typeof crypto.scrypt>;

beforeAll(async () => {
  // Each password hashed is one scrypt (the shop's, and the tests' cheaper one alike): counted
  // on node:crypto itself, which every file of the run shares with the shop's modules.
  hashes = vi.spyOn(crypto, "scrypt");
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = PUBLIC_URL;
  process.env.FORM_RATE_LIMIT = "1000";
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_URL;
  delete process.env.FORM_RATE_LIMIT;
  await smtp.close();
});

const FORMS = {
  "/account/sign-up": (email: string) => ({
    name: "Thabo Mokoena",
    email,
    password: "sleep-well-7",
    confirmPassword: "sleep-well-7",
  }),
  "/auth": (email: string) => ({ intent: "sign-up", email, password: "sleep-well-7" }),
};

/** A sign-up posted to `path`, arriving by a Host name the sender chose. */
const signUp = (path: keyof typeof FORMS, email: string) =>
  post(path === "/auth" ? authPage.action : signUpPage.action, path, FORMS[path](email));

/** A reset request on the Admin Portal's form (/account/forgot has the same action). */
const askReset = (email: string) => post(forgotPage.action, "/admin-login/forgot", { email });

async function post(action: unknown, path: string, fields: Record<string, string>) {
  const request = new Request(`http://evil.example${path}`, {
    method: "POST",
    headers: { host: "evil.example" },
    body: new URLSearchParams(fields),
  });
  const { returned } = await routeOutcome(action, request, {});
  return {
    status: statusOf(returned),
    body: (returned as { data?: unknown }).data ?? returned,
  };
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

const realSetTimeout = globalThis.setTimeout;

/**
 * What a sign-up did: the passwords it hashed, the e-mails it sent, and the timers of 150 ms or
 * more it set that ran out before it answered (a minimum time held, say). Shorter ones are left
 * out: the test's mail server holds each new connection 100 ms before its greeting.
 */
async function workOf(email: string, send: () => Promise<unknown>) {
  const [hashesBefore, mailsBefore] = [hashes.mock.calls.length, mailsTo(email).length];
  const waited: number[] = [];
  let answering = true;
  const timers = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
    callback: (...args: unknown[]) => void,
    delay = 0,
    ...args: unknown[]
  ) =>
    realSetTimeout(() => {
      if (answering && delay >= 150) waited.push(delay);
      callback(...args);
    }, delay)) as unknown as typeof setTimeout);
  try {
    await send();
  } finally {
    answering = false;
    timers.mockRestore();
  }
  return {
    hashes: hashes.mock.calls.length - hashesBefore,
    mails: mailsTo(email).length - mailsBefore,
    waited: waited.sort((a, b) => a - b),
  };
}

describe.each(Object.keys(FORMS) as (keyof typeof FORMS)[])("sign-up on %s", (path) => {
  it("answers an address with an account as it answers a new one, and e-mails its owner", async () => {
    const fresh = `new-${++counter}@example.com`;
    const first = await signUp(path, fresh);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, message: { title: "Check your e-mail" } });
    const again = await signUp(path, fresh);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await db().select().from(users).where(eq(users.email, fresh))).toHaveLength(1);

    const [welcome, exists] = mailsTo(fresh);
    expect(welcome!.subject).toMatch(/^Confirm your e-mail address/);
    expect(exists!.subject).toMatch(/^Account Exists/);
    expect(exists!.text).toContain("This email is already registered. Please sign in instead:");
    expect(exists!.text).toContain(`${PUBLIC_URL}/account/sign-in`);
    expect(exists!.text).toContain(`${PUBLIC_URL}/account/forgot`);
    expect(exists!.text).not.toContain("evil.example");
  });

  // The time of the answer must not tell either (decision 025); bench/sign-up-timing.ts times it.
  it("does the same work for an address with an account as for a new one: one hash, one e-mail, no timer waited for", async () => {
    // The process's first e-mail loads the mail layout: not part of either answer.
    await signUp(path, `warm-up-${++counter}@example.com`);
    const fresh = `same-work-${++counter}@example.com`;
    const asNew = await workOf(fresh, () => signUp(path, fresh));
    const asTaken = await workOf(fresh, () => signUp(path, fresh));
    expect(asNew).toEqual({ hashes: 1, mails: 1, waited: [] });
    expect(asTaken).toEqual(asNew);
  });

  it("sends the owner of a staff account to the Admin Portal's pages", async () => {
    const staff = await signedIn("staff");
    const answer = await signUp(path, staff.email);
    expect(answer.status).toBe(200);
    const mail = mailsTo(staff.email).at(-1)!;
    expect(mail.subject).toMatch(/^Account Exists/);
    expect(mail.text).toContain(`${PUBLIC_URL}/admin-login\n`);
    expect(mail.text).toContain(`${PUBLIC_URL}/admin-login/forgot`);
  });

  it(`still limits sign-ups to ${SIGN_UPS_PER_EMAIL} per e-mail in 15 minutes, from any address`, async () => {
    const owner = `taken-${++counter}@example.com`;
    await signUp(path, owner);
    for (let i = 1; i < SIGN_UPS_PER_EMAIL; i++) {
      expect((await signUp(path, owner)).status).toBe(200);
    }
    const refused = await signUp(path, owner);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ alert: { title: "Too many attempts" } });
    // One welcome and an "Account Exists" for each allowed attempt after it; none past the limit.
    expect(mailsTo(owner)).toHaveLength(SIGN_UPS_PER_EMAIL);
  });
});

describe("forgot password", () => {
  it("answers and e-mails an address without an account as one with: one e-mail each, no timer waited for", async () => {
    const someone = `has-account-${++counter}@example.com`;
    await signUp("/auth", someone);
    const nobody = `no-account-${++counter}@example.com`;
    const answers: unknown[] = [];
    const work = (email: string) => workOf(email, async () => answers.push(await askReset(email)));

    const withAccount = await work(someone);
    const without = await work(nobody);
    expect(withAccount).toEqual({ hashes: 0, mails: 1, waited: [] });
    expect(without).toEqual(withAccount);
    expect(answers[1]).toEqual(answers[0]);
    expect(mailsTo(someone).at(-1)!.text).toMatch(/\/account\/reset\?token=/);
    const told = mailsTo(nobody).at(-1)!;
    expect(told.text).toContain("no account has it");
    expect(told.text).toContain(`${PUBLIC_URL}/account/sign-up`);
  });
});
