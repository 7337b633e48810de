import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startShop } from "../scripts/shop-process";

/** One sign-up form's answers timed for new addresses and for addresses with an account. */
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

/**
 * The built shop on a fresh PGlite data folder with the demo data (production password hashing,
 * mail to the outbox), one request at a time from this machine: for each form, `rounds` new addresses and
 * `rounds` addresses that have an account (the previous round's new one, so each address signs
 * up twice), alternating which goes first, after `warmup` pairs untimed. Each answer must be
 * the same 200; the medians are compared.
 */
export async function benchSignUpTiming(rounds = 40, warmup = 5): Promise<SignUpTiming[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-bench-sign-up-"));
  const shop = await startShop({
    // One address sends every sign-up here; the per-e-mail limit (5) still holds.
    env: { DATA_DIR: dataDir, DATABASE_URL: "", FORM_RATE_LIMIT: "1000000" },
    // The demo shop's settings and catalogue: every page's layout reads them.
    seedIfEmpty: true,
    output: "ignore",
  });
  let counter = 0;
  try {
    const results: SignUpTiming[] = [];
    for (const [form, { path: url, fields }] of Object.entries(FORMS)) {
      const signUp = async (email: string) => {
        const started = performance.now();
        const response = await fetch(`${shop.url}${url}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
          body: new URLSearchParams(fields(email)),
          redirect: "manual",
        });
        const text = await response.text();
        const ms = performance.now() - started;
        if (response.status !== 200 || !text.includes("Check your e-mail")) {
          throw new Error(`${form} answered ${response.status} for ${email}`);
        }
        return ms;
      };
      const fresh = () => `bench-${++counter}-${Date.now()}@example.com`;
      let taken = fresh();
      await signUp(taken);
      const asNew: number[] = [];
      const asTaken: number[] = [];
      for (let i = 0; i < warmup + rounds; i++) {
        const next = fresh();
        const pair =
          i % 2 === 0
            ? [await signUp(next), await signUp(taken)]
            : [await signUp(taken), await signUp(next)].reverse();
        if (i >= warmup) {
          asNew.push(pair[0]!);
          asTaken.push(pair[1]!);
        }
        taken = next;
      }
      const [a, b] = [median(asNew), median(asTaken)];
      const ratio = Math.max(a, b) / Math.min(a, b);
      const differenceMs = Math.abs(a - b);
      results.push({
        form,
        rounds,
        newMedianMs: round(a),
        existingMedianMs: round(b),
        ratio: Math.round(ratio * 100) / 100,
        differenceMs: round(differenceMs),
        alike: differenceMs <= ALIKE_MS || ratio <= ALIKE_RATIO,
        loadAverage: round(os.loadavg()[0]!),
      });
    }
    return results;
  } finally {
    await shop.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (n: number) => Math.round(n * 10) / 10;
