// @database-once: starts the server on a PGlite data folder of its own (see vitest.config.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { currentSettingsKey, encryptSecret } from "~/domain/settings/settings-secrets.server";
import { parseEnv } from "~/env.server";

const SAVED_WITH = randomBytes(32).toString("base64");
const base = { BETTER_AUTH_SECRET: "x".repeat(40), PUBLIC_URL: "https://shop.example" };
let dataDir: string;

/** A data folder whose settings hold PayFast's key, encrypted with SAVED_WITH. */
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "saved-secrets-"));
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  const hours = { label: "Store Hours", lines: [{ days: "Mon-Fri", hours: "8:30AM-5:30PM" }] };
  const e = parseEnv({ NODE_ENV: "production", ...base, SETTINGS_ENCRYPTION_KEY: SAVED_WITH });
  await handle.db.insert(storeSettings).values({
    storeName: "Test Beds",
    legalName: "Test Beds (Pty) Ltd",
    registrationNumber: "2009/000001/07",
    streetAddress: "1 Test Street",
    town: "Lichtenburg",
    province: "North West",
    postalCode: "2740",
    phone: "018 000 0000",
    whatsapp: "27820000000",
    email: "shop@test-beds.example",
    footerHours: hours,
    showroomHours: hours,
    deliveryHours: hours,
    payfastMerchantId: "10000100",
    payfastMerchantKeyEncrypted: encryptSecret("46f0cd694581a", "payfast_merchant_key", e),
  });
  await handle.close();
}, 60_000);
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts the server entry in production and waits for it to stop; what it said and its code. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        ...base,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        ALLOW_DEMO_OWNER: "true",
        PORT: String(40_000 + Math.floor(Math.random() * 20_000)),
        SETTINGS_ENCRYPTION_KEY: "",
        SETTINGS_ENCRYPTION_KEY_PREVIOUS: "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (output += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (output += t));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not stop:\n${output}`));
    }, 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("starting a shop whose settings hold secrets", () => {
  it("refuses a wrong key with a message naming both keys, and never the secret", async () => {
    const wrong = randomBytes(32).toString("base64");
    const { code, output } = await start({ SETTINGS_ENCRYPTION_KEY: wrong });
    const ids = [SAVED_WITH, wrong].map(
      (k) => currentSettingsKey(parseEnv({ ...base, SETTINGS_ENCRYPTION_KEY: k }))!.id,
    );
    expect(code).toBe(1);
    expect(output).toContain(
      `The shop will not start: The stored payfast_merchant_key was encrypted with key ${ids[0]}, and SETTINGS_ENCRYPTION_KEY is ${ids[1]}`,
    );
    expect(output).not.toContain("46f0cd694581a");
  }, 70_000);

  it("refuses to start in production without the key", async () => {
    const { code, output } = await start({});
    expect(code).toBe(1);
    expect(output).toContain(
      "The shop will not start: SETTINGS_ENCRYPTION_KEY is not set: it is required in production",
    );
  }, 70_000);
});
