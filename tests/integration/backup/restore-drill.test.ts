import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backUpShop, restoreShop, RestoreRefused, type BackupReport } from "~/db/backup.server";
import { db, setDatabase, type DatabaseHandle } from "~/db/client.server";
import {
  documentCounters,
  invoices,
  orders,
  payments,
  purchaseOrders,
  stockMovements,
  users,
  variants,
} from "~/db/schema";
import { createPurchaseOrder } from "~/domain/purchasing/purchase-order-save.server";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { insertSupplier } from "../purchasing/purchase-order-fixtures";
import { lineFields, purchaseOrderForm } from "../purchasing/purchase-order-setup";
import { DATABASE_KIND, dropPlaces, newPlace, openPlace, type Place } from "./backup-places";

/**
 * The restore drill of a real shop, on PGlite (a data folder held open by this process, as the
 * running shop holds it) and, on the PostgreSQL run (TEST_DATABASE_URL), on a database of the
 * test server.
 */
let root: string;
let source: Place;
let target: Place;
let open: DatabaseHandle | undefined;
let backup: BackupReport;
const photo = crypto.randomBytes(4096);
const PHOTO = "products/drill-bed/photo-640.webp";
let sold: Awaited<ReturnType<typeof paidOrder>>;
let actor: { id: string; email: string };
let supplierId: number;
let sku: string;

async function use(place: Place) {
  await open?.close();
  setDatabase(undefined);
  open = await openPlace(place);
  setDatabase(open);
}

async function release() {
  setDatabase(undefined);
  await open?.close();
  open = undefined;
}

/** What the drill checks of the paid order, read from the current database. */
async function orderRecord(orderId: number) {
  const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);
  return {
    order: (await db().select().from(orders).where(eq(orders.id, orderId)))[0],
    payments: byId(await db().select().from(payments).where(eq(payments.orderId, orderId))),
    movements: byId(
      await db().select().from(stockMovements).where(eq(stockMovements.orderId, orderId)),
    ),
    invoice: (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0],
    counters: await db().select().from(documentCounters).orderBy(asc(documentCounters.name)),
  };
}

function newPurchaseOrder() {
  return createPurchaseOrder({
    input: purchaseOrderForm({ supplierId: String(supplierId), ...lineFields([[sku, 3, "2500"]]) }),
    actor,
  });
}

function runScript(script: string, args: string[], place: Place) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-restore-drill-"));
  source = await newPlace(root, "source", { migrated: true });
  target = await newPlace(root, "target", { migrated: false });
  // The payment's e-mail goes to the source's outbox.
  process.env.DATA_DIR = source.dataDir;
  await use(source);

  const shop = await setUpShop();
  sold = await paidOrder(shop, { priceCents: 749_900, quantity: 2 });
  actor = { id: "drill-staff", email: "staff@example.com" };
  await db()
    .insert(users)
    .values({ ...actor, name: "Drill Staff", role: "staff" });
  supplierId = (await insertSupplier()).id;
  [{ sku }] = (await db()
    .select({ sku: variants.sku })
    .from(variants)
    .where(eq(variants.id, sold.bed.variantId))) as [{ sku: string }];
  expect((await newPurchaseOrder()).poNumber).toBe("PO-0001");

  const file = path.join(source.dataDir, "media", PHOTO);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, photo);
});

afterAll(async () => {
  await release();
  delete process.env.DATA_DIR;
  await dropPlaces([source, target]);
  await fs.rm(root, { recursive: true, force: true });
});

describe(`the restore drill (${DATABASE_KIND})`, () => {
  it("backs up while the database is open and restores into an empty database and data folder: the order, its payment, stock movements, invoice, the counters and the media", async () => {
    const before = await orderRecord(sold.order.id);
    expect(before.payments).toHaveLength(1);
    expect(before.movements.length).toBeGreaterThan(0);
    expect(before.invoice?.number).toBe(1);
    expect(before.counters.map((c) => [c.name, c.lastValue])).toEqual([
      ["invoice", 1],
      ["order", 1001],
      ["purchase_order", 1],
    ]);

    const started = Date.now();
    backup = await backUpShop({ ...source, out: path.join(root, "drill.backup") });
    expect(backup.fromRunningShop).toBe(DATABASE_KIND === "PGlite");
    expect(backup.manifest.database.tables).toMatchObject({
      orders: 1,
      payments: 1,
      invoices: 1,
      purchase_orders: 1,
    });
    expect(backup.manifest.media).toEqual({ files: 1, bytes: photo.length });
    expect((await fs.stat(backup.file)).mode & 0o077).toBe(0);

    await release();
    const restored = await restoreShop({ ...target, file: backup.file, force: false });
    expect(restored.contents.tables).toEqual(backup.manifest.database.tables);
    expect(restored.newerMigrations).toEqual([]);
    expect(Date.now() - started).toBeLessThan(20_000);

    await use(target);
    await open!.migrate();
    expect(await orderRecord(sold.order.id)).toEqual(before);
    expect(await fs.readFile(path.join(target.dataDir, "media", PHOTO))).toEqual(photo);
  });

  it("numbers the next purchase order after the one in the backup, reusing no number or id", async () => {
    const [kept] = await db().select().from(purchaseOrders);
    process.env.DATA_DIR = target.dataDir;
    const next = await newPurchaseOrder();
    expect(next.poNumber).toBe("PO-0002");
    expect(next.id).toBeGreaterThan(kept!.id);
    const numbers = await db().select({ n: purchaseOrders.number }).from(purchaseOrders);
    expect(numbers.map((r) => r.n).sort()).toEqual([1, 2]);
  });

  it("refuses to restore over a database that holds data (exit 3, saying what it holds), and replaces it when told --force", async () => {
    await release();
    const refused = await runScript("scripts/db-restore.ts", [backup.file], target);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("Not restored: the database holds data (");
    expect(refused.stderr).toContain("(orders: 1 row, payments: 1 row, invoices: 1 row, ");
    expect(refused.stderr).toContain("the data folder holds 1 media file");
    expect(refused.stderr).toContain("--force");

    await expect(restoreShop({ ...target, file: backup.file, force: false })).rejects.toThrow(
      RestoreRefused,
    );
    const forced = await restoreShop({ ...target, file: backup.file, force: true });
    expect(forced.contents.tables).toEqual(backup.manifest.database.tables);
    await use(target);
    const numbers = await db().select({ n: purchaseOrders.number }).from(purchaseOrders);
    expect(numbers.map((r) => r.n)).toEqual([1]);
  });

  it("refuses a file that is not a whole backup, changing nothing", async () => {
    await release();
    const cut = path.join(root, "cut.backup");
    const whole = await fs.readFile(backup.file);
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreShop({ ...target, file: cut, force: true })).rejects.toThrow(
      /not a whole backup/,
    );
    await use(target);
    expect(await orderRecord(sold.order.id)).toMatchObject({ invoice: { number: 1 } });
  });
});
