import { sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { type ZoneRow } from "./active-zones.server";
import { availableDeliveryDays } from "./booked-counts.server";
import type { DeliveryKind, ZoneRules } from "./delivery-days";
import { matchZone, type ZoneAddress } from "./match-zone";

export type { ZoneRow };

/** How many days the Book and Move dialogs offer. */
export const DAYS_OFFERED_TO_STAFF = 10;

/** A zone's row as the days' rules read it. */
export function zoneRulesOf(zone: ZoneRow): ZoneRules {
  return {
    id: zone.id,
    weekdays: zone.weekdays,
    leadDays: zone.leadDays,
    dropsPerDay: zone.dropsPerDay,
    express: zone.expressFeeCents !== null,
  };
}

/** The zone an order's address is in today, or null: outside every zone (quoted). */
export function zoneOfAddress(zones: readonly ZoneRow[], address: ZoneAddress): ZoneRow | null {
  return matchZone(zones, address)?.zone ?? null;
}

/** Express where the order paid for it and the zone still offers it; else standard. */
export function bookingKind(deliveryMethod: string, zone: ZoneRow): DeliveryKind {
  return deliveryMethod === "express" && zone.expressFeeCents !== null ? "express" : "standard";
}

/** What staff may choose for an order: its zone and kind, and the zone's next free days. */
export type DeliveryChoice = {
  zoneId: number;
  zoneName: string;
  kind: DeliveryKind;
  days: string[];
};

/** The next free days of a zone for staff to choose from (the checkout's rules and counts). */
export async function deliveryChoice(
  zone: ZoneRow,
  kind: DeliveryKind,
  now = new Date(),
  executor: Db | Tx = db(),
): Promise<DeliveryChoice> {
  const days = await availableDeliveryDays(
    { now, zone: zoneRulesOf(zone), kind, count: DAYS_OFFERED_TO_STAFF },
    executor,
  );
  return { zoneId: zone.id, zoneName: zone.name, kind, days };
}

/** The key a page keeps a zone's choice under, so rows of one zone and kind share it. */
export const choiceKey = (zoneId: number, kind: DeliveryKind) => `${zoneId}:${kind}`;

/** The choices for each (zone, kind) the rows need, one read of each zone's counts. */
export async function choicesFor(
  wanted: readonly { zone: ZoneRow; kind: DeliveryKind }[],
  now = new Date(),
): Promise<Record<string, DeliveryChoice>> {
  const unique = new Map(wanted.map((w) => [choiceKey(w.zone.id, w.kind), w]));
  const entries = await Promise.all(
    [...unique].map(async ([key, w]) => [key, await deliveryChoice(w.zone, w.kind, now)] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * How many items an order has, as a select's column: the outer order is named in full, since a
 * select from one table leaves its columns unqualified and the subquery would read its own.
 */
export const itemsOfOrder = sql<number>`(select coalesce(sum(lines.quantity), 0)::int from order_lines as lines where lines.order_id = "orders"."id")`;

/** How many items are left to deliver: ordered less credited by refunds (decision 050). */
export const itemsToDeliver = sql<number>`(select coalesce(sum(lines.quantity - lines.credited_quantity), 0)::int from order_lines as lines where lines.order_id = "orders"."id")`;
