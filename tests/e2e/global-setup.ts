import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startShop, type RunningShop } from "../../scripts/shop-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let shop: RunningShop | undefined;
let dataDir: string | undefined;

/** Starts the built shop on a free port with a fresh data folder (seeded with demo data). */
export async function setup(project: TestProject) {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-e2e-"));
  shop = await startShop({
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "50" },
    seedIfEmpty: true,
  });
  project.provide("baseUrl", shop.url);
  project.provide("dataDir", dataDir);
}

export async function teardown() {
  await shop?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
