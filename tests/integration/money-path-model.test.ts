import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { db } from "~/db/client.server";
import { storeSettings, warehouses } from "~/db/schema";
import { resetPayflexTokens } from "~/domain/payments/payflex.server";
import { useTestDatabase } from "../setup/database";
import { signedIn } from "./admin/helpers";
import {
  bedInTwoWarehouses,
  emptyShop,
  shopCommands,
  type Model,
  type ProviderMode,
  type Shop,
} from "./money-path/shop-commands";
import { setUpShop } from "./orders/fixtures";
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
/** A failure prints its seed and path: MODEL_SEED and MODEL_PATH replay it. */
const replay = process.env.MODEL_SEED
  ? { seed: Number(process.env.MODEL_SEED), path: process.env.MODEL_PATH }
  : {};

let base: Awaited<ReturnType<typeof setUpShop>>;
let storeRoomId: number;
let actor: { id: string; email: string };
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

// The stand-in for PayFlex, answering refunds as the current command asks.
const answers: Record<ProviderMode, { status: number; body: object }> = {
  approve: { status: 201, body: { refundId: "pfx-refund" } },
  refuse: { status: 422, body: { message: "Refund exceeds order amount" } },
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
  api = await startServer(({ url }) => {
    if (url === "/auth/merchant") return { body: { access_token: "t-1", expires_in: 3600 } };
    return answers[provider.mode];
  });
});

afterAll(async () => {
  payflexEnv(undefined);
  resetPayflexTokens();
  await api.close();
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the money path, as random sequences of what the shop does", () => {
  it("keeps every unit in stock and every rand accounted for after each step", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("demo", "payflex" as const),
        fc.commands(shopCommands, { maxCommands: 30, size: "max" }),
        async (online, commands) => {
          // Each run starts from an empty shop with one bed. A shop takes payments online
          // through the demo gateway or through PayFlex (our stand-in), never both.
          await emptyShop();
          payflexEnv(online === "payflex" ? api.url : undefined);
          resetPayflexTokens();
          const bed = await bedInTwoWarehouses(base, storeRoomId);
          const shop: Shop = { base, actor, ...bed, online, provider, settled: true };
          const model: Model = { orders: [], invoices: [], refundsAsked: 0 };
          await fc.asyncModelRun(() => ({ model, real: shop }), commands);
        },
      ),
      { numRuns: RUNS, verbose: 1, ...replay },
    );
  }, 600_000);
});
