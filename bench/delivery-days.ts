import os from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase, type DatabaseHandle } from "../app/db/client.server";
import { availableDeliveryDays } from "../app/domain/delivery/booked-counts.server";
import type { ZoneRules } from "../app/domain/delivery/delivery-days";
import { postgresAnswers, withScratchDatabase } from "./postgres";

export type DaysOfferedResult = {
  database: string;
  medianMs: number;
  p95Ms: number;
  loadAverage: number;
};

/** A zone going Monday to Saturday with 20 drops a day and two lead days. */
const ZONE: ZoneRules = {
  id: 1,
  weekdays: [1, 2, 3, 4, 5, 6],
  leadDays: 2,
  dropsPerDay: 20,
  express: true,
};
/** Tuesday 24 November 2026, 10:00 in Johannesburg: the counts start on the days after. */
const NOW = new Date("2026-11-24T08:00:00Z");

/**
 * `bookings` booked deliveries in the zone, made in SQL: the first days full (20 each), the
 * rest spread one to a day, so the days offered have to look past full days. Each booking has
 * its order; the days' counts are those of the bookings.
 */
async function seedBookings(handle: DatabaseHandle, bookings: number) {
  const db = handle.db;
  await db.execute(sql`
    insert into delivery_zones (id, name, postal_codes, standard_fee_cents, lead_days, weekdays,
      drops_per_day)
    values (${ZONE.id}, 'Bench zone', '{2740}', 29900, ${ZONE.leadDays}, '{1,2,3,4,5,6}',
      ${ZONE.dropsPerDay})
    on conflict (id) do nothing`);
  await db.execute(sql`
    insert into orders (token, idempotency_key, first_name, last_name, email, phone, address,
      city, postal_code, delivery_method, payment_method, subtotal_cents, delivery_cents,
      vat_cents, total_cents, pay_by)
    select md5(i::text), 'bench-delivery-' || i, 'Bench', 'Buyer ' || i, 'b' || i || '@example.co.za',
      '0820000000', '1 Road', 'Lichtenburg', '2740', 'standard', 'card', 100000, 0, 13043, 100000,
      now() + interval '1 hour'
    from generate_series(1, ${bookings}) as i`);
  // Days after 25 Nov 2026 that are not Sundays: the first 800 bookings fill 40 of them.
  await db.execute(sql`
    with days as (
      select d::date as day, row_number() over (order by d) as n
      from generate_series(date '2026-11-25', date '2027-06-30', interval '1 day') as d
      where extract(dow from d) <> 0
    ), numbered as (
      select id, row_number() over (order by id) as k from orders
      where idempotency_key like 'bench-delivery-%'
    )
    insert into delivery_bookings (order_id, zone_id, day, kind)
    select numbered.id, ${ZONE.id}, days.day, 'standard'
    from numbered join days
      on days.n = case when numbered.k <= 800 then (numbered.k - 1) / 20 + 1 else numbered.k - 800 + 40 end`);
  await db.execute(sql`
    insert into delivery_days (zone_id, day, capacity, booked)
    select zone_id, day, ${ZONE.dropsPerDay}, count(*) from delivery_bookings group by zone_id, day`);
  await db.execute(sql`analyze delivery_days`);
}

/**
 * `run` timed `rounds` times on `handle` after 20 warm-up calls: its median and p95, with the
 * machine's load average (the benches' figures are only compared side by side).
 */
export async function timeRounds(
  handle: DatabaseHandle,
  label: string,
  rounds: number,
  run: () => Promise<unknown>,
): Promise<DaysOfferedResult> {
  setDatabase(handle);
  try {
    for (let i = 0; i < 20; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
    return {
      database: label,
      medianMs: at(0.5),
      p95Ms: at(0.95),
      loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
    };
  } finally {
    setDatabase(undefined);
  }
}

/**
 * `measure` on a migrated PGlite database filled by `seed`, then on a scratch PostgreSQL database
 * (named after `scratch`) when one answers.
 */
export async function onBothDatabases(
  scratch: string,
  seed: (handle: DatabaseHandle) => Promise<void>,
  measure: (handle: DatabaseHandle, label: string) => Promise<DaysOfferedResult>,
): Promise<DaysOfferedResult[]> {
  const results: DaysOfferedResult[] = [];
  const pglite = await openDatabase({});
  try {
    await pglite.migrate();
    await seed(pglite);
    results.push(await measure(pglite, "PGlite"));
  } finally {
    await pglite.close();
  }
  if (await postgresAnswers()) {
    results.push(
      await withScratchDatabase(scratch, async (env) => {
        const handle = await openDatabase({ url: env.DATABASE_URL });
        try {
          await handle.migrate();
          await seed(handle);
          return await measure(handle, "PostgreSQL");
        } finally {
          await handle.close();
        }
      }),
    );
  }
  return results;
}

async function measure(handle: DatabaseHandle, label: string, rounds: number) {
  const input = { now: NOW, zone: ZONE, kind: "standard" as const, count: 10 };
  setDatabase(handle);
  try {
    const first = await availableDeliveryDays(input);
    if (first.length !== 10) throw new Error(`Expected 10 days offered, got ${first.length}.`);
  } finally {
    setDatabase(undefined);
  }
  return timeRounds(handle, label, rounds, () => availableDeliveryDays(input));
}

/**
 * Checkout's delivery days for a zone with `bookings` booked deliveries (the first 40 days
 * full): one read of the zone's counts and the rules, `rounds` times after a warm-up, on PGlite
 * in this process and on PostgreSQL when one answers.
 */
export async function benchDeliveryDays(
  bookings = 1000,
  rounds = 200,
): Promise<DaysOfferedResult[]> {
  return onBothDatabases(
    "delivery",
    (handle) => seedBookings(handle, bookings),
    (handle, label) => measure(handle, label, rounds),
  );
}
