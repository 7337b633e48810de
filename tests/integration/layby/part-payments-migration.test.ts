import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { useMigrationDatabase } from "../../setup/migration-database";

/*
 * The migration to part payments (docs/decisions/044): a database at the migration before it,
 * holding an active plan whose deposit was paid online and first instalment at the showroom
 * (with its ledger row, named by the instalment), is migrated: each paid instalment becomes a
 * payment received and is paid in full, the showroom's ledger row names its payment received,
 * and the plan goes on being paid.
 */
const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
const last = migrations.findIndex((m) => m.sql.join("").includes('CREATE TABLE "layby_payments"'));

// Embedded, or on the PostgreSQL server when TEST_DATABASE_URL is set.
const { run, rows } = useMigrationDatabase("bed_shop_part");

describe("the migration to lay-by part payments", () => {
  it("carries paid instalments over as paid in full, one payment received each, with the showroom's ledger row", async () => {
    expect(last).toBeGreaterThan(0);
    for (const migration of migrations.slice(0, last)) await run(migration.sql);
    await run([
      `insert into orders (id, number, token, idempotency_key, first_name, last_name, email, phone,
         address, city, postal_code, delivery_method, payment_method, subtotal_cents,
         delivery_cents, vat_cents, total_cents, pay_by, status, payment_status)
       values (7, 1007, 'tok', 'idem', 'Thandi', 'Nkosi', 't@example.com', '0821234567',
         '1 Main Rd', 'Mahikeng', '2745', 'standard', 'card', 1000000, 0, 130435, 1000000,
         now(), 'pending', 'partially_paid')`,
      `insert into payments (id, order_id, provider, method, reference, amount_cents, status)
       values (11, 7, 'demo', 'card', 'PAY-11', 160000, 'approved')`,
      `insert into layby_plans (id, order_id, status, deposit_cents, months, charge_basis_points,
         start_day, end_day, lapse_day)
       values (3, 7, 'active', 160000, 2, 100, '2026-01-05', '2026-03-05', '2026-05-29')`,
      `insert into layby_instalments (id, plan_id, number, due_day, amount_cents, paid_at,
         payment_id, recorded_by, showroom_reference)
       values (21, 3, 0, '2026-01-05', 160000, '2026-01-05T08:00:00Z', 11, null, null),
              (22, 3, 1, '2026-02-05', 420000, '2026-02-04T09:00:00Z', null, 'desk@example.com', 'TILL-9'),
              (23, 3, 2, '2026-03-05', 420000, null, null, null, null)`,
      `update payments set instalment_id = 21 where id = 11`,
      `insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id,
         amount_cents, vat_cents)
       values ('payment_received', 11, '2026-01-05T08:00:00Z', 7, null, 3, 160000, 0),
              ('showroom_payment', 22, '2026-02-04T09:00:00Z', 7, null, 3, 420000, 0)`,
    ]);

    await run(migrations[last]!.sql);

    const received = await rows<Record<string, unknown>>(
      `select id, plan_id, amount_cents, received_at, payment_id, recorded_by, showroom_reference
       from layby_payments order by id`,
    );
    expect(received).toEqual([
      expect.objectContaining({
        plan_id: 3,
        amount_cents: 160000,
        payment_id: 11,
        recorded_by: null,
        showroom_reference: null,
      }),
      expect.objectContaining({
        plan_id: 3,
        amount_cents: 420000,
        payment_id: null,
        recorded_by: "desk@example.com",
        showroom_reference: "TILL-9",
      }),
    ]);
    expect(new Date(received[1]!.received_at as string).toISOString()).toBe(
      "2026-02-04T09:00:00.000Z",
    );
    expect(
      await rows(`select number, paid_cents, paid_at is not null as paid from layby_instalments
                  order by number`),
    ).toEqual([
      { number: 0, paid_cents: 160000, paid: true },
      { number: 1, paid_cents: 420000, paid: true },
      { number: 2, paid_cents: 0, paid: false },
    ]);
    // The showroom's ledger row now names its payment received; the online one is its payment's.
    expect(
      await rows(
        `select kind, source_id, amount_cents::int as amount from sales_ledger order by kind`,
      ),
    ).toEqual([
      { kind: "payment_received", source_id: 11, amount: 160000 },
      { kind: "showroom_payment", source_id: received[1]!.id, amount: 420000 },
    ]);
    // The columns that named one payment per instalment are gone.
    expect(
      await rows(`select column_name from information_schema.columns
                  where table_name = 'layby_instalments' and column_name in
                  ('payment_id', 'recorded_by', 'showroom_reference')`),
    ).toEqual([]);
  });
});
