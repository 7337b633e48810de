import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { contactMessages, products } from "~/db/schema";
import { startShop } from "../../../scripts/shop-process";

const root = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-backup-e2e-"));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run db:backup` / `npm run db:restore` in a process of their own, as cron runs them. */
function runScript(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A shopper's message through the contact form, numbered in its subject. */
async function sendMessage(url: string, n: number): Promise<number> {
  const response = await fetch(`${url}/contact`, {
    method: "POST",
    headers: { origin: url },
    redirect: "manual",
    body: new URLSearchParams({
      firstName: "Naledi",
      lastName: "Khumalo",
      email: "naledi@example.com",
      phone: "083 000 1111",
      subject: `Backup drill ${n}`,
      message: `Message ${n}`,
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function files(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("backing up the running shop (PGlite)", () => {
  it("copies the database while the shop serves and writes, without opening its folder; the copy restores whole and the shop starts on it", async () => {
    const shopDir = path.join(root, "shop");
    const env = { DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "100000" };
    const shop = await startShop({
      env: { ...env, DATA_DIR: shopDir },
      seedIfEmpty: true,
      output: "ignore",
      captureStderr: true,
    });
    const file = path.join(root, "running.backup");
    const statuses = new Set<number>();
    let sent = 0;
    let stop = false;
    let savedBefore: number;
    let sentBy: number;
    let backup: Awaited<ReturnType<typeof runScript>>;
    try {
      // One shopper writes messages one after another; another browses.
      const writer = (async () => {
        while (!stop) {
          statuses.add(await sendMessage(shop.url, sent + 1));
          sent += 1;
        }
      })();
      const reader = (async () => {
        while (!stop) {
          const response = await fetch(`${shop.url}/products?q=bed`);
          statuses.add(response.status);
          await response.arrayBuffer();
        }
      })();
      while (sent < 5) await sleep(20);
      savedBefore = sent;
      backup = await runScript("scripts/db-backup.ts", ["--out", file], shopDir);
      sentBy = sent + 1;
      // The shop goes on taking messages after the copy.
      while (sent < sentBy + 3) await sleep(20);
      stop = true;
      await Promise.all([writer, reader]);

      expect(backup.code, backup.stderr).toBe(0);
      // Messages were saved while the backup ran.
      expect(sentBy - 1).toBeGreaterThan(savedBefore);
      expect(backup.stdout).toContain("copied by the running shop");
      expect([...statuses]).toEqual([200]);
      expect(await fs.readFile(path.join(shopDir, "bed-shop.lock"), "utf8")).toBe(String(shop.pid));
      // Nor may a restore go into the folder the shop holds, even forced.
      const refused = await runScript("scripts/db-restore.ts", [file, "--force"], shopDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by process ${shop.pid}`);
    } finally {
      stop = true;
      expect(await shop.stop()).toBe(0);
    }
    expect(shop.stderr()).toBe("");

    const restoredDir = path.join(root, "restored");
    const restore = await runScript("scripts/db-restore.ts", [file], restoredDir);
    expect(restore.code, restore.stderr).toBe(0);
    expect(await files(path.join(restoredDir, "media"))).toEqual(
      await files(path.join(shopDir, "media")),
    );

    const original = await openDatabase({ dataDir: shopDir });
    const [{ n: productCount }] = (await original.db.select({ n: count() }).from(products)) as [
      { n: number },
    ];
    await original.close();
    const copy = await openDatabase({ dataDir: restoredDir });
    try {
      // A copy of one instant: the messages saved before it, each whole, none after a gap.
      const subjects = await copy.db
        .select({ subject: contactMessages.subject })
        .from(contactMessages);
      // (The demo data has messages of its own.)
      const numbers = subjects
        .filter((row) => row.subject.startsWith("Backup drill "))
        .map((row) => Number(row.subject.slice("Backup drill ".length)));
      numbers.sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(numbers.length).toBeGreaterThanOrEqual(savedBefore!);
      expect(numbers.length).toBeLessThanOrEqual(sentBy!);
      const [{ n }] = (await copy.db.select({ n: count() }).from(products)) as [{ n: number }];
      expect(n).toBe(productCount);
    } finally {
      await copy.close();
    }

    const restoredShop = await startShop({
      env: { ...env, DATA_DIR: restoredDir },
      output: "ignore",
      captureStderr: true,
    });
    try {
      const page = await fetch(`${restoredShop.url}/products`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("/media/");
    } finally {
      expect(await restoredShop.stop()).toBe(0);
    }
    // Two shop starts (one seeding the demo data), a backup and a restore: minutes on a busy
    // machine, each start within the shop's own start limit.
  }, 600_000);
});
