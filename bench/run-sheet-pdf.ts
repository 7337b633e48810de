import { sql } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "../app/db/client.server";
import { storeSettings, users } from "../app/db/schema";
import { getRunSheet, renderRunSheetPdf } from "../app/domain/delivery/run-sheet.server";
import { onBothDatabases, timeRounds, type DaysOfferedResult } from "./delivery-days";

const STOPS = 30;
const DAY = "2026-12-01";

/**
 * The shop's settings, a zone, `STOPS` paid orders of two lines each with South African
 * addresses and access notes, booked on one day and put on one run in reverse order, in SQL.
 */
async function seedRun(handle: DatabaseHandle) {
  const db = handle.db;
  const hours = { label: "Store Hours", lines: [{ days: "Mon-Fri", hours: "8:30AM-5:30PM" }] };
  await db.insert(storeSettings).values({
    storeName: "Bench Beds",
    legalName: "Bench Beds (Pty) Ltd",
    registrationNumber: "2009/000001/07",
    streetAddress: "1 Bench Street",
    town: "Lichtenburg",
    province: "North West",
    postalCode: "2740",
    phone: "018 000 0000",
    whatsapp: "27820000000",
    email: "shop@bench-beds.example",
    footerHours: hours,
    showroomHours: hours,
    deliveryHours: hours,
  });
  await db
    .insert(users)
    .values({ id: "bench-driver", name: "Kagiso Driver", email: "d@bench.example", role: "staff" });
  await db.execute(sql`
    insert into delivery_zones (name, postal_codes, standard_fee_cents, lead_days, drops_per_day)
    values ('Bench zone', '{2740}', 29900, 0, 40)`);
  await db.execute(sql`
    insert into orders (token, idempotency_key, first_name, last_name, email, phone, address,
      complex, suburb, city, province, postal_code, delivery_mobile, access_notes,
      delivery_method, payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents,
      pay_by, status, payment_status, paid_at)
    select md5(i::text), 'bench-run-' || i, 'Naledi', 'Mokoena ' || i, 'b' || i || '@example.co.za',
      '0820000000', i || ' Nelson Mandela Drive', 'Unit ' || i || ', Protea Gardens', 'Burgersdorp',
      'Lichtenburg', 'NW', '2740', '+27825550101', 'Gate code 4521, the blue door at the back',
      'standard', 'card', 500000, 0, 65217, 500000, now() + interval '1 hour', 'processing',
      'paid', now()
    from generate_series(1, ${STOPS}) as i`);
  await db.execute(sql`
    insert into order_lines (order_id, title, size, sku, unit_price_cents, quantity,
      line_total_cents, position)
    select o.id, l.title, 'Queen', l.sku, 250000, 1, 250000, l.p
    from orders o cross join (values ('Classic Spring Bed', 'CSB-Q', 0),
      ('Memory Foam Pillow', 'MFP-S', 1)) as l(title, sku, p)`);
  await db.execute(sql`
    insert into delivery_bookings (order_id, zone_id, day, kind)
    select o.id, z.id, ${DAY}, 'standard' from orders o cross join delivery_zones z`);
  await db.execute(sql`
    insert into delivery_runs (day, driver_id, truck) values (${DAY}, 'bench-driver', 'ND 123-456')`);
  await db.execute(sql`
    insert into delivery_run_stops (run_id, booking_id, position)
    select r.id, b.id, row_number() over (order by b.id desc)
    from delivery_bookings b cross join delivery_runs r`);
}

/** A run sheet's figures: its reads and layout together, and its reads alone. */
export type RunSheetResult = DaysOfferedResult & { readsMedianMs: number };

/**
 * A run sheet of 30 stops as a PDF (its reads and its layout), `rounds` times after a warm-up,
 * on PGlite and on PostgreSQL when one answers; then its reads alone as many times, to show
 * how much of the time is the layout's.
 */
export async function benchRunSheetPdf(rounds = 50): Promise<RunSheetResult[]> {
  const readsMedian = new Map<string, number>();
  const results = await onBothDatabases("run_sheet", seedRun, async (handle, label) => {
    setDatabase(handle);
    try {
      const { pdf } = await renderRunSheetPdf({ runId: 1 });
      if (pdf.subarray(0, 5).toString() !== "%PDF-") throw new Error("Not a PDF");
    } finally {
      setDatabase(undefined);
    }
    const whole = await timeRounds(handle, label, rounds, () => renderRunSheetPdf({ runId: 1 }));
    const reads = await timeRounds(handle, label, rounds, () => getRunSheet({ runId: 1 }));
    readsMedian.set(label, reads.medianMs);
    return whole;
  });
  return results.map((r) => ({ ...r, readsMedianMs: readsMedian.get(r.database) ?? NaN }));
}
