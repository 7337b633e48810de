import { asc, eq } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { deliveryZones } from "~/db/schema";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { deliveryTerms, type DeliveryTerms } from "./delivery-terms";
import type { ZoneAddress } from "./match-zone";

/** A delivery zone as the database keeps it. */
export type ZoneRow = typeof deliveryZones.$inferSelect;

/**
 * The active zones, in their sort order, with everything checkout's prices, the matcher and the
 * days' rules read: the one way every part of the shop loads them.
 */
export async function loadActiveZones(executor: Tx | Db = db()): Promise<ZoneRow[]> {
  return executor
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.active, true))
    .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id));
}

/** What delivery to an address costs today, from the active zones and the shop's own rates. */
export async function deliveryTermsFor(
  address: ZoneAddress,
  executor: Tx | Db = db(),
): Promise<DeliveryTerms> {
  const [zones, settings] = await Promise.all([loadActiveZones(executor), getStoreSettings()]);
  return deliveryTerms(zones, address, settings);
}
