import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startShop, type RunningShop } from "../../scripts/shop-process";
import { startPayfastStandIn } from "./server/payfast-stand-in";

/** A built shop the journeys visit, and the data folder it keeps (its outbox among it). */
export type E2eShop = { baseUrl: string; dataDir: string };

declare module "vitest" {
  export interface ProvidedContext {
    shops: E2eShop[];
  }
}

/** How many journey files run at once, each worker on a shop of its own (vitest.e2e.config.ts). */
export const e2eWorkers = () => Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

const running: { shop: RunningShop; dataDir: string }[] = [];
let standIn: Awaited<ReturnType<typeof startPayfastStandIn>> | undefined;

/**
 * Starts one built shop per worker, each on a free port with a fresh data folder seeded with demo
 * data: files running at the same time never share a database, an outbox or a rate limit. Each
 * run makes a key of its own for the secrets the owner saves in Settings > Integrations (a
 * production shop saves none without one), and the shops ask a local stand-in for PayFast's API
 * when the owner tests the connection.
 */
export async function setup(project: TestProject) {
  const payfast = await startPayfastStandIn();
  standIn = payfast;
  const settingsKey = randomBytes(32).toString("base64");
  const started = await Promise.all(
    Array.from({ length: e2eWorkers() }, async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-e2e-"));
      const shop = await startShop({
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          SMTP_URL: "",
          FORM_RATE_LIMIT: "50",
          SETTINGS_ENCRYPTION_KEY: settingsKey,
          PAYFAST_API_URL: payfast.url,
        },
        seedIfEmpty: true,
      });
      running.push({ shop, dataDir });
      return { baseUrl: shop.url, dataDir };
    }),
  );
  project.provide("shops", started);
}

export async function teardown() {
  for (const { shop, dataDir } of running.splice(0)) {
    await shop.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  await standIn?.close();
  standIn = undefined;
}
