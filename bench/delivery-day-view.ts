import { sql } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "../app/db/client.server";
import { deliveryDayPage } from "../app/domain/delivery/delivery-day-page.server";
import { onBothDatabases, timeRounds, type DaysOfferedResult } from "./delivery-days";

/** Four zones of 15 drops a day; the day measured is full in each (60 deliveries). */
const ZONES = 4;
const DROPS = 15;
const DAY = "2026-12-01";
const NOW = new Date("2026-11-24T08:00:00Z");

/**
 * `bookings` paid orders of one or two lines each, booked over the days from 25 November 2026
 * (Sundays left out) 15 to a zone and day, in SQL; the days' counts are the bookings'.
 */
async function seedBookings(handle: DatabaseHandle, bookings: number) {
  const db = handle.db;
  await db.execute(sql`
    insert into delivery_zones (name, postal_codes, standard_fee_cents, lead_days, weekdays,
      drops_per_day, sort_order)
    select 'Bench zone ' || z, array[(2700 + z)::text], 29900, 0, '{1,2,3,4,5,6}', ${DROPS}, z
    from generate_series(1, ${ZONES}) as z`);
  await db.execute(sql`
    insert into orders (token, idempotency_key, first_name, last_name, email, phone, address,
      city, postal_code, delivery_method, payment_method, subtotal_cents, delivery_cents,
      vat_cents, total_cents, pay_by, status, payment_status, paid_at)
    select md5(i::text), 'bench-day-' || i, 'Bench', 'Buyer ' || i, 'b' || i || '@example.co.za',
      '0820000000', '1 Road', 'Lichtenburg', (2701 + i % ${ZONES})::text, 'standard', 'card',
      100000, 0, 13043, 100000, now() + interval '1 hour', 'processing', 'paid', now()
    from generate_series(1, ${bookings}) as i`);
  await db.execute(sql`
    insert into order_lines (order_id, title, size, sku, unit_price_cents, quantity,
      line_total_cents, position)
    select id, 'Bench Bed', 'queen', 'BB-Q', 50000, 1 + id % 2, 50000 * (1 + id % 2), 0
    from orders where idempotency_key like 'bench-day-%'`);
  await db.execute(sql`
    with days as (
      select d::date as day, row_number() over (order by d) as n
      from generate_series(date '2026-11-25', date '2028-12-31', interval '1 day') as d
      where extract(dow from d) <> 0
    ), numbered as (
      select o.id, z.id as zone_id,
        row_number() over (partition by z.id order by o.id) as k
      from orders o join delivery_zones z on z.postal_codes[1] = o.postal_code
      where o.idempotency_key like 'bench-day-%'
    )
    insert into delivery_bookings (order_id, zone_id, day, kind)
    select numbered.id, numbered.zone_id, days.day, 'standard'
    from numbered join days on days.n = (numbered.k - 1) / ${DROPS} + 1`);
  await db.execute(sql`
    insert into delivery_days (zone_id, day, capacity, booked)
    select zone_id, day, ${DROPS}, count(*) from delivery_bookings group by zone_id, day`);
  await db.execute(sql`analyze`);
}

async function measure(handle: DatabaseHandle, label: string, rounds: number) {
  setDatabase(handle);
  try {
    const first = await deliveryDayPage({ day: DAY, now: NOW });
    const shown = first.zones.reduce((n, z) => n + z.bookings.length, 0);
    if (shown !== ZONES * DROPS)
      throw new Error(`Expected ${ZONES * DROPS} deliveries, got ${shown}.`);
  } finally {
    setDatabase(undefined);
  }
  return timeRounds(handle, label, rounds, () => deliveryDayPage({ day: DAY, now: NOW }));
}

/**
 * The Deliveries day view's data with `bookings` booked deliveries: the day's bookings by zone
 * (one query), the Move dialog's free days of each zone going that day and the count of orders
 * to book, `rounds` times after a warm-up, on PGlite and on PostgreSQL when one answers.
 */
export async function benchDeliveryDayView(
  bookings = 5000,
  rounds = 200,
): Promise<DaysOfferedResult[]> {
  return onBothDatabases(
    "delivery_day",
    (handle) => seedBookings(handle, bookings),
    (handle, label) => measure(handle, label, rounds),
  );
}
