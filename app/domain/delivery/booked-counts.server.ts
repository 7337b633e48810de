import { and, between, count, eq, gt } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { deliveryBookings, deliveryDays } from "~/db/schema";
import { addDays, shopToday } from "~/lib/dates";
import { daysOffered, type DaysOfferedInput } from "./delivery-days";

export type Executor = Db | Tx;

/**
 * Drops taken per day in a zone, from `from` to `to` (both included); empty days left out: the
 * day's bookings and the unpaid orders' holds still live at `now` (a lapsed hold counts for
 * nothing from the moment it lapses, without waiting for the order's expiry).
 */
export async function bookedCounts(
  zoneId: number,
  from: string,
  to: string,
  executor: Executor = db(),
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const rows = await executor
    .select({ day: deliveryDays.day, booked: deliveryDays.booked })
    .from(deliveryDays)
    .where(
      and(
        eq(deliveryDays.zoneId, zoneId),
        between(deliveryDays.day, from, to),
        gt(deliveryDays.booked, 0),
      ),
    );
  const holds = await executor
    .select({ day: deliveryBookings.day, held: count() })
    .from(deliveryBookings)
    .where(
      and(
        eq(deliveryBookings.zoneId, zoneId),
        between(deliveryBookings.day, from, to),
        gt(deliveryBookings.heldUntil, now),
      ),
    )
    .groupBy(deliveryBookings.day);
  const counts = new Map(rows.map((row) => [row.day, row.booked]));
  for (const { day, held } of holds) counts.set(day, (counts.get(day) ?? 0) + held);
  return counts;
}

/** How far ahead the counts are read: the days offered never reach further in practice. */
const COUNTS_AHEAD_DAYS = 120;

/**
 * The next days a shopper may choose in a zone, with today's bookings: checkout's list. One
 * query over the zone's next four months of counts, then the pure rules of delivery-days.ts.
 */
export async function availableDeliveryDays(
  input: Omit<DaysOfferedInput, "booked">,
  executor: Executor = db(),
): Promise<string[]> {
  const from = [shopToday(input.now), input.goodsReadyDay ?? "", input.after ?? ""].sort().at(-1)!;
  const booked = await bookedCounts(
    input.zone.id,
    from,
    addDays(from, COUNTS_AHEAD_DAYS),
    executor,
    input.now,
  );
  const days = daysOffered({ ...input, booked });
  const last = days.at(-1);
  if (last === undefined || last <= addDays(from, COUNTS_AHEAD_DAYS)) return days;
  // Beyond four months (a zone whose next months are all full): read the whole horizon.
  const more = await bookedCounts(input.zone.id, from, addDays(from, 400), executor, input.now);
  return daysOffered({ ...input, booked: more });
}
