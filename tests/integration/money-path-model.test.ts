import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryZones, storeSettings, warehouses } from "~/db/schema";
import { DEMO_DELIVERY_ZONES } from "~/db/seed/demo-delivery-zones.server";
import { resetPayflexTokens } from "~/domain/payments/payflex.server";
import { useTestDatabase } from "../setup/database";
import { signedIn } from "./admin/helpers";
import {
  bedInTwoWarehouses,
  emptyShop,
  neverWentThrough,
  pillow,
  setUpPromotions,
  shopCommands,
  tally,
  type Model,
  type Online,
  type ProviderMode,
  type Shop,
} from "./money-path/shop-commands";
import { CHECKOUT_EMAIL, setUpShop } from "./orders/fixtures";
import { shopperAccount } from "./promotions/promotion-fixtures";
import { setEnv, startServer } from "./payments/helpers";

/**
 * The money path as a model-based test (issue 32): random sequences of what shoppers, staff,
 * providers and jobs do, run against the real domain functions and database; after every step
 * the invariants of tests/integration/money-path/invariants.ts are read from the database.
 * MODEL_RUNS sets the number of runs (the long run: bench/README.md); a failure prints its seed
 * and path, which MODEL_SEED and MODEL_PATH replay.
 */
useTestDatabase();

const RUNS = Number(process.env.MODEL_RUNS ?? 15);
/**
 * The runs CI makes (issue 50): RUNS from a fixed seed, the same every time, and a few from a
 * seed drawn now and printed, so the net widens a little each run and any failure can be
 * replayed. A failure prints its seed and path: MODEL_SEED and MODEL_PATH replay it.
 */
const FIXED_SEED = 20_261_207;
const RANDOM_RUNS = Number(process.env.MODEL_RANDOM_RUNS ?? 5);
const randomSeed = Math.floor(Math.random() * 2 ** 31);
const seeds: { seed: number; numRuns: number; path?: string }[] = process.env.MODEL_SEED
  ? [{ seed: Number(process.env.MODEL_SEED), numRuns: RUNS, path: process.env.MODEL_PATH }]
  : [
      { seed: FIXED_SEED, numRuns: RUNS },
      { seed: randomSeed, numRuns: RANDOM_RUNS },
    ];
/** What the fixed seed's runs tried and what went through: the same every time. */
let fixedTally: typeof tally | null = null;
/** A kind of command tried this often that never went through fails the test. */
const TRIED_AT_LEAST = 4;

let base: Awaited<ReturnType<typeof setUpShop>>;
let storeRoomId: number;
let actor: { id: string; email: string; name: string };
let shopperId: string;
let dataDir: string;
const provider: { mode: ProviderMode } = { mode: "approve" };
let api: Awaited<ReturnType<typeof startServer>>;
const payflexEnv = (url: string | undefined) =>
  setEnv({
    PAYFLEX_CLIENT_ID: url && "shop-client",
    PAYFLEX_CLIENT_SECRET: url && "shop-secret",
    PAYFLEX_AUTH_URL: url && `${url}/auth/merchant`,
    PAYFLEX_API_URL: url,
  });

const payfastEnv = (url: string | undefined) =>
  setEnv({
    PAYFAST_MERCHANT_ID: url && "10000100",
    PAYFAST_MERCHANT_KEY: url && "46f0cd694581a",
    PAYFAST_PASSPHRASE: url && "jt7NOE43FZPn",
    PAYFAST_MODE: url && "sandbox",
    PAYFAST_API_URL: url,
  });

// The stand-ins for PayFlex and PayFast, answering refunds as the current command asks.
const answers: Record<ProviderMode, { status: number; body: object }> = {
  approve: { status: 201, body: { refundId: "pfx-refund" } },
  refuse: { status: 422, body: { message: "Refund exceeds order amount" } },
  timeout: { status: 408, body: { message: "Request timed out" } },
  error: { status: 503, body: { message: "Unavailable" } },
};
const payfastAnswers: Record<ProviderMode, { status: number; body: object }> = {
  approve: {
    status: 200,
    body: { code: 200, status: "success", data: { response: true, refund_id: "pf-refund" } },
  },
  refuse: {
    status: 400,
    body: {
      code: 400,
      status: "failed",
      data: { response: false, message: "Insufficient balance" },
    },
  },
  timeout: { status: 408, body: { message: "Request timed out" } },
  error: { status: 503, body: { message: "Unavailable" } },
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "money-path-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  base = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  const [room] = await db()
    .insert(warehouses)
    .values({ code: "STORE", name: "Store room" })
    .returning();
  storeRoomId = room!.id;
  actor = (await signedIn("staff")).user;
  // The checkouts' shopper, with an account: a code for one use per customer is an account's.
  shopperId = (await shopperAccount(CHECKOUT_EMAIL)).id;
  // Zones for the shop's own town and province: an address elsewhere is quoted.
  await db().insert(deliveryZones).values(DEMO_DELIVERY_ZONES);
  api = await startServer(({ url }) => {
    if (url === "/auth/merchant") return { body: { access_token: "t-1", expires_in: 3600 } };
    if (url.startsWith("/refunds/")) return payfastAnswers[provider.mode];
    return answers[provider.mode];
  });
});

afterAll(async () => {
  payflexEnv(undefined);
  payfastEnv(undefined);
  resetPayflexTokens();
  await api.close();
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the money path, as random sequences of what the shop does", () => {
  it.each(seeds)(
    "keeps every unit in stock and every rand accounted for after each step (seed $seed, $numRuns runs)",
    async ({ seed, numRuns, path: replayPath }) => {
      console.info(`money path model: seed ${seed}, ${numRuns} runs (MODEL_SEED=${seed} replays)`);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Online>("demo", "payflex", "payfast"),
          fc.commands(shopCommands, { maxCommands: 30, size: "max" }),
          async (online, commands) => {
            // Each run starts from an empty shop with one bed and the promotion codes. A shop
            // takes payments online through the demo gateway, PayFlex or PayFast (our
            // stand-ins), one of them.
            await emptyShop();
            payflexEnv(online === "payflex" ? api.url : undefined);
            payfastEnv(online === "payfast" ? api.url : undefined);
            resetPayflexTokens();
            const bed = await bedInTwoWarehouses(base, storeRoomId);
            await setUpPromotions(bed.variantId);
            const pillowId = await pillow(base);
            const shop: Shop = {
              base,
              actor,
              shopperId,
              ...bed,
              pillowId,
              online,
              provider,
              settled: true,
            };
            const model: Model = { orders: [], invoices: [], refundsAsked: 0 };
            await fc.asyncModelRun(() => ({ model, real: shop }), commands);
          },
        ),
        { seed, numRuns, verbose: 1, ...(replayPath ? { path: replayPath } : {}) },
      );
      if (seed === FIXED_SEED) fixedTally = structuredClone(tally);
    },
    600_000,
  );

  it("made every kind of command it tried often go through at least once", () => {
    console.info(
      "money path model, tried / went through / refused:\n" +
        Object.entries(tally)
          .map(([kind, t]) => `  ${kind}: ${t.tried} / ${t.done} / ${JSON.stringify(t.refused)}`)
          .join("\n"),
    );
    // Judged on the fixed seed's runs, which try the same commands every time; the random
    // seed's few runs only widen the net for the invariants.
    expect(neverWentThrough(TRIED_AT_LEAST, fixedTally ?? tally)).toEqual([]);
  });
});
