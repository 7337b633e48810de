import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { products, stockAlerts, variants, warehouses } from "~/db/schema";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { staffRecipients } from "~/domain/staff/staff-preferences.server";
import { siteUrl } from "~/lib/site-url.server";
import { stockAlertMail, type StockAlertLine } from "./stock-alert-mail";
import { log } from "~/lib/log.server";

const BATCH = 50;

async function alertLines(tx: Tx, ids: number[]): Promise<StockAlertLine[]> {
  return tx
    .select({
      variantId: stockAlerts.variantId,
      title: products.title,
      size: variants.size,
      sku: variants.sku,
      warehouse: warehouses.name,
      available: stockAlerts.available,
      threshold: stockAlerts.threshold,
    })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(warehouses, eq(warehouses.id, stockAlerts.warehouseId))
    .where(inArray(stockAlerts.id, ids))
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id));
}

/**
 * Sends one batch of queued low-stock alerts: the alerts are taken with `FOR UPDATE SKIP
 * LOCKED` (so two processes never send the same one), each staff member who wants them gets one
 * e-mail listing the batch, and the alerts are marked sent in the same transaction. A failed
 * send rolls the batch back, to be tried again by the next call or the periodic job. Answers
 * how many alerts it took.
 */
async function deliverBatch(): Promise<number> {
  const [waiting] = await db()
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(isNull(stockAlerts.sentAt))
    .limit(1);
  if (!waiting) return 0;
  // Read before the transaction: the embedded database runs one transaction at a time.
  const settings = await getStoreSettings();
  const site = siteUrl();
  return db().transaction(async (tx) => {
    const taken = await tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(isNull(stockAlerts.sentAt))
      .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (taken.length === 0) return 0;
    const ids = taken.map((t) => t.id);
    // Owners and staff with Low Stock Alerts on (Settings > Notifications; on by default).
    const recipients = await staffRecipients("lowStockAlerts", tx);
    if (recipients.length > 0) {
      const { subject, text } = stockAlertMail(await alertLines(tx, ids), site);
      await sendShopMail(() => recipients.map((to) => ({ to, subject, text })), settings);
    }
    await tx
      .update(stockAlerts)
      .set({ sentAt: sql`now()` })
      .where(inArray(stockAlerts.id, ids));
    return taken.length;
  });
}

/** Sends every queued low-stock alert, a batch at a time; answers how many it sent. */
export async function deliverStockAlerts(): Promise<number> {
  let sent = 0;
  for (;;) {
    const n = await deliverBatch();
    sent += n;
    if (n < BATCH) return sent;
  }
}

/**
 * Call after a transaction that changed stock has committed (an adjustment, a transfer, a
 * placed order): e-mails the low-stock alerts it queued. It never throws: a failure is logged
 * and the periodic job sends the alerts later.
 */
export async function afterStockChange(): Promise<void> {
  try {
    await deliverStockAlerts();
  } catch (error) {
    log.error({ err: error }, "Could not send the low-stock e-mails yet");
  }
}
