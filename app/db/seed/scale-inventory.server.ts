import { count, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stockMovements, warehouses } from "~/db/schema";
import { DEMO_STORE_ROOM } from "./demo-warehouses.server";

const ACTORS = ["system", "naledi@example.com", "pieter@example.com", "thabo@example.com"];

/**
 * Fills the stock ledger up to `movements` movements for benchmarks, generated in the database:
 * every variant gets a level in the showroom and in the store room, levels without a history get
 * their opening stock as a movement, then receipts, sales and adjustments are spread over every
 * level and the last two years (about one in five a receipt of 8 to 20 units). Each level's on
 * hand is then set to the sum of its movements, and about one level in ten is counted down to 0
 * to 3 units by a last adjustment, so the low-stock and out-of-stock filters have rows. Answers
 * how many movements it added.
 */
export async function seedInventory(options: { movements: number }): Promise<number> {
  const [store] = await db()
    .insert(warehouses)
    .values({ ...DEMO_STORE_ROOM, isDefault: false })
    .onConflictDoNothing()
    .returning({ id: warehouses.id });
  const storeId =
    store?.id ??
    (
      await db()
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(eq(warehouses.code, DEMO_STORE_ROOM.code))
    )[0]!.id;
  await db().execute(sql`
    insert into stock_levels (variant_id, warehouse_id, on_hand)
    select id, ${storeId}, 0 from variants
    on conflict do nothing`);
  await db().execute(sql`
    insert into stock_movements (variant_id, warehouse_id, kind, quantity, reason, actor, created_at)
    select l.variant_id, l.warehouse_id, 'adjustment', l.on_hand, 'Opening stock', 'system',
      now() - interval '730 days'
    from stock_levels l
    where l.on_hand > 0 and not exists (
      select 1 from stock_movements m
      where m.variant_id = l.variant_id and m.warehouse_id = l.warehouse_id)`);

  const have = async () => (await db().select({ n: count() }).from(stockMovements))[0]?.n ?? 0;
  const before = await have();
  // The last counts (one level in ten) are part of the total.
  const [levels] = (
    await db().execute<{ all: number; counted: number }>(sql`
      select count(*)::int as all,
        (count(*) filter (where (variant_id + warehouse_id) % 10 = 0))::int as counted
      from stock_levels l join warehouses w on w.id = l.warehouse_id and w.active`)
  ).rows;
  const missing = options.movements - before - (levels?.counted ?? 0);
  if (missing > 0 && levels && levels.all > 0) {
    await db().execute(sql`
      with lv as (
        select l.variant_id, l.warehouse_id,
          (row_number() over (order by l.variant_id, l.warehouse_id))::int - 1 as n
        from stock_levels l join warehouses w on w.id = l.warehouse_id and w.active
      )
      insert into stock_movements (variant_id, warehouse_id, kind, quantity, reason, reference,
        actor, created_at)
      select lv.variant_id, lv.warehouse_id,
        (case (g / ${levels.all}::int) % 5 when 0 then 'purchase_receipt' when 4 then 'adjustment'
          else 'sale' end)::stock_movement_kind,
        case (g / ${levels.all}::int) % 5 when 0 then 8 + g % 13 when 4 then 1 else -1 end,
        case (g / ${levels.all}::int) % 5 when 0 then 'Purchase order received'
          when 4 then 'Found in the store room' else 'Paid order' end,
        case (g / ${levels.all}::int) % 5 when 0 then 'PO-' || lpad((1 + g % 9999)::text, 4, '0')
          when 4 then '' else 'Order ' || (1000 + g) end,
        (string_to_array(${ACTORS.join(",")}, ','))[1 + g % ${ACTORS.length}::int],
        now() - interval '729 days' + (g::float8 / ${missing}::int) * interval '728 days'
      from generate_series(0, ${missing}::int - 1) as g
      join lv on lv.n = g % ${levels.all}::int`);
  }

  // On hand is the sum of the ledger, then one level in ten is counted down to 0-3 units.
  await db().execute(sql`
    update stock_levels l set on_hand = s.total
    from (select variant_id, warehouse_id, sum(quantity)::int as total
          from stock_movements group by variant_id, warehouse_id) s
    where s.variant_id = l.variant_id and s.warehouse_id = l.warehouse_id
      and l.on_hand <> s.total and s.total >= l.reserved`);
  await db().execute(sql`
    with counted as (
      select l.variant_id, l.warehouse_id, l.variant_id % 4 - l.on_hand as change
      from stock_levels l join warehouses w on w.id = l.warehouse_id and w.active
      where (l.variant_id + l.warehouse_id) % 10 = 0 and l.reserved = 0
        and l.on_hand <> l.variant_id % 4
    ), moved as (
      insert into stock_movements (variant_id, warehouse_id, kind, quantity, reason, actor,
        created_at)
      select variant_id, warehouse_id, 'adjustment', change, 'Stock count', 'naledi@example.com',
        now() - interval '1 hour'
      from counted
      returning variant_id, warehouse_id, quantity
    )
    update stock_levels l set on_hand = l.on_hand + moved.quantity
    from moved
    where moved.variant_id = l.variant_id and moved.warehouse_id = l.warehouse_id`);
  await db().execute(sql`vacuum analyze stock_levels, stock_movements`);
  return (await have()) - before;
}
