import { eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { warehouses } from "~/db/schema";

/** The demo's second warehouse: the room behind the showroom, whose stock sells online too. */
export const DEMO_STORE_ROOM = { code: "store", name: "Store room", sellsOnline: true } as const;

/**
 * The demo's warehouses, after its catalogue went into the showroom (`main`): the store room
 * takes all the bedroom furniture and half of every king and super king, and every level's
 * opening stock is written to the ledger as an "Opening stock" adjustment, so on hand is the
 * sum of the movements from the start.
 */
export async function stockDemoWarehouses(tx: Tx): Promise<void> {
  await tx
    .insert(warehouses)
    .values({ ...DEMO_STORE_ROOM, isDefault: false })
    .onConflictDoNothing();
  const [main] = await tx.select().from(warehouses).where(eq(warehouses.code, "main"));
  const [store] = await tx
    .select()
    .from(warehouses)
    .where(eq(warehouses.code, DEMO_STORE_ROOM.code));
  if (!main || !store) throw new Error("The demo warehouses are missing.");

  await tx.execute(sql`
    with moving as (
      select l.variant_id,
        case when c.slug = 'furniture' then l.on_hand else l.on_hand / 2 end as quantity
      from stock_levels l
      join variants v on v.id = l.variant_id
      join products p on p.id = v.product_id
      join categories c on c.id = p.category_id
      where l.warehouse_id = ${main.id} and (c.slug = 'furniture' or v.size in ('king', 'super-king'))
    ), stored as (
      insert into stock_levels (variant_id, warehouse_id, on_hand)
      select variant_id, ${store.id}, quantity from moving where quantity > 0
      on conflict do nothing
      returning variant_id, on_hand
    )
    update stock_levels l set on_hand = l.on_hand - stored.on_hand
    from stored
    where l.variant_id = stored.variant_id and l.warehouse_id = ${main.id}`);

  await tx.execute(sql`
    insert into stock_movements (variant_id, warehouse_id, kind, quantity, reason, actor)
    select variant_id, warehouse_id, 'adjustment', on_hand, 'Opening stock', 'system'
    from stock_levels
    where on_hand > 0 and warehouse_id in (${main.id}, ${store.id})`);
}
