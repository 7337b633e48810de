import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startShop } from "../scripts/shop-process";
import { startSmtpServer } from "../tests/setup/smtp";

/** One form's answers timed for addresses without an account and for addresses with one. */
export type SignUpTiming = {
  form: string;
  rounds: number;
  newMedianMs: number;
  existingMedianMs: number;
  /** The slower median over the faster. */
  ratio: number;
  differenceMs: number;
  /** Within 15 ms or 25% of each other. */
  alike: boolean;
  loadAverage: number;
};

/** How close the two medians must be: within this many ms, or this ratio. */
export const ALIKE_MS = 15;
export const ALIKE_RATIO = 1.25;

const PASSWORD = "sleep-well-7";

/** The three ways a sign-up arrives: the shopper's page, its fetch (JavaScript on), staff's /auth. */
const FORMS: Record<string, { path: string; fields: (email: string) => Record<string, string> }> = {
  "/account/sign-up": {
    path: "/account/sign-up",
    fields: (email) => ({
      name: "Bench Shopper",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  },
  "/account/sign-up.data": {
    path: "/account/sign-up.data",
    fields: (email) => ({
      name: "Bench Shopper",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  },
  "/auth (staff screen)": {
    path: "/auth",
    fields: (email) => ({ intent: "sign-up", email, password: PASSWORD }),
  },
};

/** The forgot-password forms: the shopper's and the Admin Portal's (the same action). */
const RESET_FORMS = ["/account/forgot", "/admin-login/forgot"];

/**
 * The built shop on a fresh PGlite data folder with the demo data (production password hashing),
 * its mail sent over SMTP to a server in this process (which, as a real one may, holds each
 * connection 100 ms before its greeting), one request at a time from this machine. Sign-up, on each form:
 * `rounds` new addresses and `rounds` addresses that have an account (the previous round's new
 * one, so each address signs up twice). Forgot password, on each form: `rounds` addresses
 * without an account and `rounds` with one (those the sign-ups made), each request from an
 * address of its own (the limit is 5 per address). Each pair alternates which goes first, after
 * `warmup` pairs untimed; every answer must be the same 200, "Check your e-mail".
 */
export async function benchSignUpTiming(rounds = 40, warmup = 5): Promise<SignUpTiming[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-bench-sign-up-"));
  const smtp = await startSmtpServer();
  const shop = await startShop({
    // Every request comes from this machine: sign-ups are not limited per address here (the
    // per-e-mail limit, 5, still holds), and reset requests name their address (TRUST_PROXY).
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      FORM_RATE_LIMIT: "1000000",
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
    },
    // The demo shop's settings and catalogue: every page's layout reads them.
    seedIfEmpty: true,
    output: "ignore",
  });
  let counter = 0;
  const fresh = () => `bench-${++counter}-${Date.now()}@example.com`;
  const post = async (form: string, url: string, fields: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${shop.url}${url}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: shop.url,
        "x-forwarded-for": `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`,
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || !text.includes("Check your e-mail")) {
      throw new Error(`${form} answered ${response.status} for ${fields.email}`);
    }
    return ms;
  };
  const withAccounts: string[] = [];
  try {
    const results: SignUpTiming[] = [];
    for (const [form, { path: url, fields }] of Object.entries(FORMS)) {
      const signUp = (email: string) => post(form, url, fields(email));
      let taken = fresh();
      await signUp(taken);
      results.push(
        await compare(`Sign-up ${form}`, rounds, warmup, async (order) => {
          const next = fresh();
          const [a, b] =
            order === 0
              ? [await signUp(next), await signUp(taken)]
              : [await signUp(taken), await signUp(next)].reverse();
          withAccounts.push(taken);
          taken = next;
          return [a!, b!];
        }),
      );
    }
    for (const form of RESET_FORMS) {
      const ask = (email: string) => post(form, form, { email });
      let next = 0;
      results.push(
        await compare(`Forgot password ${form}`, rounds, warmup, async (order) => {
          const [nobody, someone] = [fresh(), withAccounts[next++ % withAccounts.length]!];
          const [a, b] =
            order === 0
              ? [await ask(nobody), await ask(someone)]
              : [await ask(someone), await ask(nobody)].reverse();
          return [a!, b!];
        }),
      );
    }
    return results;
  } finally {
    await shop.stop();
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `pair` timed `warmup + rounds` times (the first `warmup` untimed), asked to go one way round
 * (0) or the other (1) in turn; it answers [without an account, with one].
 */
async function compare(
  form: string,
  rounds: number,
  warmup: number,
  pair: (order: 0 | 1) => Promise<[number, number]>,
): Promise<SignUpTiming> {
  const asNew: number[] = [];
  const asTaken: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const [a, b] = await pair(i % 2 === 0 ? 0 : 1);
    if (i < warmup) continue;
    asNew.push(a);
    asTaken.push(b);
  }
  const [a, b] = [median(asNew), median(asTaken)];
  const ratio = Math.max(a, b) / Math.min(a, b);
  const differenceMs = Math.abs(a - b);
  return {
    form,
    rounds,
    newMedianMs: round(a),
    existingMedianMs: round(b),
    ratio: Math.round(ratio * 100) / 100,
    differenceMs: round(differenceMs),
    alike: differenceMs <= ALIKE_MS || ratio <= ALIKE_RATIO,
    loadAverage: round(os.loadavg()[0]!),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (n: number) => Math.round(n * 10) / 10;
