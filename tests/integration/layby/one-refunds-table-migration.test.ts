import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { useMigrationDatabase } from "../../setup/migration-database";

/*
 * The migration that moved lay-by refunds onto the one refunds table: a database at the
 * migration before it, holding a cancelled lay-by's refund rows (one paid back through the demo
 * gateway, with its ledger row; one in cash still to pay) and a staff cancellation that waived
 * the charge, is migrated, and everything is carried over.
 */
const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
const last = migrations.findIndex((m) => m.sql.join("").includes('DROP TABLE "layby_refunds"'));

// Embedded, or on the PostgreSQL server when TEST_DATABASE_URL is set.
const { run, rows } = useMigrationDatabase("bed_shop_carry");

describe("the migration to one refunds table", () => {
  it("carries a lay-by's refund rows over as one refund with its parts, its ledger rows and the waived charge", async () => {
    expect(last).toBeGreaterThan(0);
    for (const migration of migrations.slice(0, last)) await run(migration.sql);
    await run([
      `insert into orders (id, number, token, idempotency_key, first_name, last_name, email, phone,
         address, city, postal_code, delivery_method, payment_method, subtotal_cents,
         delivery_cents, vat_cents, total_cents, pay_by, status, payment_status)
       values (7, 1007, 'tok', 'idem', 'Thandi', 'Nkosi', 't@example.com', '0821234567',
         '1 Main Rd', 'Mahikeng', '2745', 'standard', 'card', 1000000, 0, 130435, 1000000,
         now(), 'cancelled', 'partially_paid')`,
      `insert into payments (id, order_id, provider, method, reference, amount_cents, status)
       values (11, 7, 'demo', 'card', 'PAY-11', 60000, 'approved')`,
      `insert into layby_plans (id, order_id, status, deposit_cents, months, charge_basis_points,
         start_day, end_day, lapse_day, cancel_reason, charge_waived, charge_cents, refund_cents)
       values (3, 7, 'cancelled', 60000, 6, 100, '2026-01-05', '2026-07-05', '2026-09-30',
         'staff', true, 0, 100000)`,
      `insert into layby_refunds (id, plan_id, payment_id, method, amount_cents, status, reference,
         created_by, created_at, updated_at)
       values (41, 3, 11, 'provider', 60000, 'completed', 'demo_refund_LB-41', 'desk-1',
         '2026-02-01T08:00:00Z', '2026-02-01T08:00:05Z'),
              (42, 3, null, 'cash', 40000, 'pending', '', 'desk-1',
         '2026-02-01T08:00:00Z', '2026-02-01T08:00:00Z')`,
      `insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id,
         amount_cents, vat_cents)
       values ('layby_refund_paid', 41, '2026-02-01T08:00:05Z', 7, null, 3, -60000, 0)`,
    ]);

    await run(migrations[last]!.sql);

    const [refund] = await rows<Record<string, unknown>>(
      `select kind, order_id, plan_id, invoice_id, method, provider, amount_cents, status,
              reference, created_by, created_at from refunds`,
    );
    expect(refund).toMatchObject({
      kind: "layby",
      order_id: 7,
      plan_id: 3,
      invoice_id: null,
      method: "provider",
      provider: "demo",
      amount_cents: 100000,
      // The cash is still to pay: the refund waits for staff, its amount held.
      status: "awaiting_provider",
      created_by: "desk-1",
    });
    expect(new Date(refund!.created_at as string).toISOString()).toBe("2026-02-01T08:00:00.000Z");
    const parts = await rows<Record<string, unknown>>(
      `select id, payment_id, method, amount_cents, status, reference from refund_parts order by id`,
    );
    expect(parts).toEqual([
      expect.objectContaining({
        payment_id: 11,
        method: "provider",
        amount_cents: 60000,
        status: "paid",
        reference: "demo_refund_LB-41",
      }),
      expect.objectContaining({
        payment_id: null,
        method: "hand",
        amount_cents: 40000,
        status: "pending",
        reference: "",
      }),
    ]);
    // The ledger's pay-out now names its refund part.
    expect(
      await rows(`select kind, source_id, amount_cents::int as amount from sales_ledger`),
    ).toEqual([{ kind: "layby_refund_paid", source_id: parts[0]!.id, amount: -60000 }]);
    // The staff cancellation that waived the charge did so for hospitalisation or death.
    expect(await rows(`select charge_rule from layby_plans`)).toEqual([
      { charge_rule: "hospitalisation_or_death" },
    ]);
    expect(await rows(`select to_regclass('public.layby_refunds') is null as dropped`)).toEqual([
      { dropped: true },
    ]);
  });
});
