import pg from "pg";
import { benchAdminLists, signInOwner, type LatencyResult } from "./admin-lists";

export type AdjustmentResult = {
  adjustments: number;
  wallMs: number;
  medianMs: number;
  maxMs: number;
  onHandBefore: number;
  onHandAfter: number;
  expectedOnHand: number;
  ledgerSum: number;
  exact: boolean;
};

/** What the inventory pages are measured on: a busy variant, its level and a search term. */
async function pickSubjects(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      variant_id: number;
      warehouse_id: number;
      sku: string;
      title: string;
    }>(`
      select m.variant_id, w.id as warehouse_id, v.sku, p.title
      from (select variant_id from stock_movements group by variant_id
            order by count(*) desc, variant_id limit 1) m
      join variants v on v.id = m.variant_id
      join products p on p.id = v.product_id
      join warehouses w on w.is_default`);
    const subject = rows[0];
    if (!subject) throw new Error("No stock movements to measure: seed with --movements.");
    return subject;
  } finally {
    await client.end();
  }
}

async function levelAndLedger(databaseUrl: string, variantId: number, warehouseId: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ on_hand: number; ledger: number }>(
      `select l.on_hand,
         (select coalesce(sum(quantity), 0)::int from stock_movements m
          where m.variant_id = l.variant_id and m.warehouse_id = l.warehouse_id) as ledger
       from stock_levels l where l.variant_id = $1 and l.warehouse_id = $2`,
      [variantId, warehouseId],
    );
    return { onHand: rows[0]!.on_hand, ledger: rows[0]!.ledger };
  } finally {
    await client.end();
  }
}

/**
 * `count` adjustments of one stock level posted at once, as staff would from the Adjust Stock
 * dialog (half add 2 units, half remove 1): every one must be saved, and afterwards on hand must
 * be what they add up to and the sum of the level's movements.
 */
async function parallelAdjustments(
  base: string,
  databaseUrl: string,
  subject: { variant_id: number; warehouse_id: number; sku: string },
  count = 20,
): Promise<AdjustmentResult> {
  const cookie = await signInOwner(base);
  const before = await levelAndLedger(databaseUrl, subject.variant_id, subject.warehouse_id);
  const quantities = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? 2 : -1));
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    quantities.map(async (quantity, i) => {
      const sent = performance.now();
      const response = await fetch(`${base}/admin/inventory.data`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "adjust",
          sku: subject.sku,
          warehouseId: String(subject.warehouse_id),
          kind: "adjustment",
          quantity: quantity > 0 ? `+${quantity}` : String(quantity),
          reason: `Bench count ${i + 1}`,
        }),
      });
      const body = await response.text();
      times.push(performance.now() - sent);
      if (response.status !== 200 || !body.includes("Stock Adjusted")) {
        throw new Error(`Adjustment ${i + 1} answered ${response.status}: ${body.slice(0, 200)}`);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const after = await levelAndLedger(databaseUrl, subject.variant_id, subject.warehouse_id);
  const expectedOnHand = before.onHand + quantities.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  return {
    adjustments: count,
    wallMs: Math.round(wallMs),
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    maxMs: Math.round(times.at(-1)!),
    onHandBefore: before.onHand,
    onHandAfter: after.onHand,
    expectedOnHand,
    ledgerSum: after.ledger,
    exact: after.onHand === expectedOnHand && after.ledger === after.onHand,
  };
}

/**
 * The inventory at scale, on PostgreSQL: its first page, a search, the low-stock filter and a
 * busy variant's stock card, one request at a time (as benchAdminLists measures the lists), then
 * 20 adjustments of one level at once.
 */
export async function benchInventory(
  base: string,
  databaseUrl: string,
): Promise<{ pages: Record<string, LatencyResult>; adjustments: AdjustmentResult }> {
  const subject = await pickSubjects(databaseUrl);
  const word = subject.title.split(" ")[0]!.toLowerCase();
  const pages = await benchAdminLists(base, {
    "inventory, first page": "/admin/inventory",
    [`inventory, search (\`q=${word}\`)`]: `/admin/inventory?q=${encodeURIComponent(word)}`,
    "inventory, search by SKU": `/admin/inventory?q=${encodeURIComponent(subject.sku)}`,
    "inventory, low stock": "/admin/inventory?status=low_stock",
    "stock card": `/admin/inventory/${subject.variant_id}`,
  });
  const adjustments = await parallelAdjustments(base, databaseUrl, subject);
  if (!adjustments.exact) {
    throw new Error(`The ledger lost an adjustment: ${JSON.stringify(adjustments)}`);
  }
  return { pages, adjustments };
}
