import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { bookedCounts } from "~/domain/delivery/booked-counts.server";
import { useMigrationDatabase } from "../../setup/migration-database";
import { countsMatchBookings } from "./fixtures";

/*
 * The migration that made unpaid orders' days holds (docs/decisions/039): a day an unpaid order
 * booked before it becomes a hold until the order's time to pay, and leaves the day's count; a
 * paid order's day stays booked. Embedded, or on the PostgreSQL server when TEST_DATABASE_URL
 * is set.
 */
const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
const ours = migrations.findIndex((m) => m.sql.join("").includes('ADD COLUMN "held_until"'));

const { run, useForApp } = useMigrationDatabase("bed_shop_day_holds");

describe("the migration to day holds", () => {
  it("turns unpaid orders' days into holds until their time to pay; paid orders keep theirs", async () => {
    expect(ours).toBeGreaterThan(0);
    for (const migration of migrations.slice(0, ours)) await run(migration.sql);
    const order = (id: number, status: string, paymentStatus: string, payBy: string) =>
      `(${id}, ${1000 + id}, 't${id}', 'k${id}', 'Thandi', 'Nkosi', 't${id}@example.com',
        '0821234567', '12 Church Street', 'Lichtenburg', '2740', 'standard', 'card', 100000, 0,
        13043, 100000, '${status}', '${paymentStatus}', '${payBy}')`;
    await run([
      `insert into delivery_zones (id, name, postal_codes, standard_fee_cents, weekdays, drops_per_day)
       values (1, 'Lichtenburg', '{2740}', 29900, '{1,2,3,4,5}', 2)`,
      `insert into orders (id, number, token, idempotency_key, first_name, last_name, email, phone,
         address, city, postal_code, delivery_method, payment_method, subtotal_cents,
         delivery_cents, vat_cents, total_cents, status, payment_status, pay_by)
       values ${order(1, "awaiting_payment", "unpaid", "2026-12-07T10:00:00Z")},
              ${order(2, "to_deliver", "paid", "2026-12-07T09:00:00Z")}`,
      `insert into delivery_days (zone_id, day, capacity, booked) values (1, '2026-12-10', 2, 2)`,
      `insert into delivery_bookings (order_id, zone_id, day) values (1, 1, '2026-12-10'), (2, 1, '2026-12-10')`,
    ]);
    for (const migration of migrations.slice(ours)) await run(migration.sql);
    useForApp();

    const held = await db().query.deliveryBookings.findMany({ orderBy: (b, { asc }) => asc(b.id) });
    expect(held.map((b) => [b.orderId, b.heldUntil?.toISOString() ?? null])).toEqual([
      [1, "2026-12-07T10:00:00.000Z"],
      [2, null],
    ]);
    expect(await countsMatchBookings(1)).toBe(true);
    const counts = (now: string) =>
      bookedCounts(1, "2026-12-01", "2026-12-31", db(), new Date(now));
    // Full while the unpaid order may still pay; one drop free once its time to pay is over.
    expect([...(await counts("2026-12-07T09:59:00Z"))]).toEqual([["2026-12-10", 2]]);
    expect([...(await counts("2026-12-07T10:01:00Z"))]).toEqual([["2026-12-10", 1]]);
  });
});
