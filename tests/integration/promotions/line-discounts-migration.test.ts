import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { useMigrationDatabase } from "../../setup/migration-database";

/*
 * The migration that gives each order line its share of the discount (docs/decisions/042): a
 * database at the migration before it, holding a paid MATTRESS10 order (10% off mattresses) of
 * a R3,000 mattress and a R1,000 pillow whose ledger spread the R300 over both (R2,775 / R925),
 * a SAVE10 order for everything, and uses of a once-per-customer code by tagged addresses, is
 * migrated: the shares are the promotion's, the ledger's lines follow, the addresses are keys.
 * On PostgreSQL too (TEST_DATABASE_URL), in a database of its own.
 */
const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
const last = migrations.findIndex((m) =>
  m.sql.join("").includes('ALTER TABLE "order_lines" ADD COLUMN "discount_cents"'),
);
const { run, rows } = useMigrationDatabase("bed_shop_shares");

const order = (id: number, discount: number, total: number, email = "t@example.com") =>
  `insert into orders (id, number, token, idempotency_key, first_name, last_name, email, phone,
     address, city, postal_code, delivery_method, payment_method, subtotal_cents, discount_cents,
     delivery_cents, vat_cents, total_cents, pay_by, status, payment_status, promotion_id)
   values (${id}, ${1000 + id}, 'tok${id}', 'idem${id}', 'Thandi', 'Nkosi', '${email}', '0821234567',
     '1 Main Rd', 'Mahikeng', '2745', 'standard', 'card', 400000, ${discount}, 0,
     ${Math.round((total * 15) / 115)}, ${total}, now(), 'awaiting_payment', 'paid', ${id === 7 ? 1 : 2})`;

describe("the migration that gives order lines their share of the discount", () => {
  it("spreads a promotion for mattresses over the mattress only, and one for everything over every line", async () => {
    expect(last).toBeGreaterThan(0);
    for (const migration of migrations.slice(0, last)) await run(migration.sql);
    await run([
      `insert into categories (id, slug, name) values (1, 'mattresses', 'Mattresses'), (2, 'pillows', 'Pillows')`,
      `insert into products (id, slug, title, type, category_id)
       values (1, 'm', 'Mattress', 'Foam', 1), (2, 'p', 'Pillow', 'Pillow', 2)`,
      `insert into promotions (id, code, kind, value) values (1, 'MATTRESS10', 'percentage', 10),
         (2, 'SAVE10', 'percentage', 10), (3, 'ONCE', 'fixed', 1000)`,
      `insert into promotion_categories (promotion_id, category_id) values (1, 1)`,
      order(7, 30000, 370000),
      order(8, 40000, 360000),
      `insert into order_lines (order_id, product_id, title, size, sku, unit_price_cents, quantity,
         line_total_cents, position)
       values (7, 1, 'Mattress', 'Queen', 'M-Q', 300000, 1, 300000, 0),
              (7, 2, 'Pillow', 'Standard', 'P-S', 100000, 1, 100000, 1),
              (8, 1, 'Mattress', 'Queen', 'M-Q', 300000, 1, 300000, 0),
              (8, 2, 'Pillow', 'Standard', 'P-S', 100000, 1, 100000, 1)`,
      `insert into invoices (id, number, order_id, order_number, status, issue_date, seller,
         buyer_name, total_cents, vat_cents)
       values (1, 1, 7, 1007, 'paid', '2026-03-02', '{}', 'Thandi Nkosi', 370000, 48261),
              (2, 2, 8, 1008, 'paid', '2026-03-02', '{}', 'Thandi Nkosi', 360000, 46957)`,
      `insert into invoice_lines (invoice_id, position, description, sku, quantity,
         unit_price_cents, line_total_cents)
       values (1, 0, 'Mattress, Queen', 'M-Q', 1, 300000, 300000),
              (1, 1, 'Pillow, Standard', 'P-S', 1, 100000, 100000),
              (1, 2, 'Discount (MATTRESS10)', '', 1, -30000, -30000),
              (2, 0, 'Mattress, Queen', 'M-Q', 1, 300000, 300000),
              (2, 1, 'Pillow, Standard', 'P-S', 1, 100000, 100000),
              (2, 2, 'Discount (SAVE10)', '', 1, -40000, -40000)`,
      `insert into sales_ledger (id, kind, source_id, occurred_at, order_id, invoice_id,
         amount_cents, vat_cents)
       values (1, 'invoice', 1, '2026-03-02T08:00:00Z', 7, 1, 370000, 48261),
              (2, 'invoice', 2, '2026-03-02T08:00:00Z', 8, 2, 360000, 46957)`,
      // As recorded until now: MATTRESS10's R300 spread over both lines by what they cost.
      `insert into sales_ledger_lines (entry_id, occurred_at, position, product_id, sku,
         description, quantity, amount_cents, vat_cents)
       values (1, '2026-03-02T08:00:00Z', 0, 1, 'M-Q', 'Mattress, Queen', 1, 277500, 36196),
              (1, '2026-03-02T08:00:00Z', 1, 2, 'P-S', 'Pillow, Standard', 1, 92500, 12065),
              (2, '2026-03-02T08:00:00Z', 0, 1, 'M-Q', 'Mattress, Queen', 1, 270000, 35217),
              (2, '2026-03-02T08:00:00Z', 1, 2, 'P-S', 'Pillow, Standard', 1, 90000, 11740)`,
    ]);

    await run(migrations[last]!.sql);

    expect(
      await rows(
        `select order_id, position, discount_cents from order_lines order by order_id, position`,
      ),
    ).toEqual([
      { order_id: 7, position: 0, discount_cents: 30000 },
      { order_id: 7, position: 1, discount_cents: 0 },
      { order_id: 8, position: 0, discount_cents: 30000 },
      { order_id: 8, position: 1, discount_cents: 10000 },
    ]);
    expect(
      await rows(
        `select invoice_id, position, discount_cents from invoice_lines order by invoice_id, position`,
      ),
    ).toEqual([
      { invoice_id: 1, position: 0, discount_cents: 30000 },
      { invoice_id: 1, position: 1, discount_cents: 0 },
      { invoice_id: 1, position: 2, discount_cents: 0 },
      { invoice_id: 2, position: 0, discount_cents: 30000 },
      { invoice_id: 2, position: 1, discount_cents: 10000 },
      { invoice_id: 2, position: 2, discount_cents: 0 },
    ]);
    // MATTRESS10's lines are R2,700 and R1,000 now, their VAT still the invoice's; SAVE10's as they were.
    const ledger = await rows<{ entry_id: number; amount_cents: number; vat_cents: number }>(
      `select entry_id::int, amount_cents::int, vat_cents::int from sales_ledger_lines order by entry_id, position`,
    );
    expect(ledger).toEqual([
      { entry_id: 1, amount_cents: 270000, vat_cents: 35217 },
      { entry_id: 1, amount_cents: 100000, vat_cents: 13044 },
      { entry_id: 2, amount_cents: 270000, vat_cents: 35217 },
      { entry_id: 2, amount_cents: 90000, vat_cents: 11740 },
    ]);
  });

  it("keys one use per customer by the mailbox: tags and Gmail's dots come off, the first use keeps the rule", async () => {
    await run([
      order(9, 0, 400000, "Sipho+one@example.com"),
      order(10, 0, 400000),
      order(11, 0, 400000),
      order(12, 0, 400000),
      `insert into promotion_redemptions (order_id, promotion_id, email_key, once_per_customer, created_at)
       values (9, 3, 'sipho+one@example.com', true, '2026-03-01T08:00:00Z'),
              (10, 3, 'sipho+two@example.com', true, '2026-03-02T08:00:00Z'),
              (11, 3, 's.ipho@googlemail.com', true, '2026-03-02T08:00:00Z'),
              (12, 3, 's.ipho@example.com', true, '2026-03-02T08:00:00Z')`,
    ]);
    // Run again on rows the migration has not seen: its last statements are the keys'.
    const statements = migrations[last]!.sql;
    const keys = statements.findIndex((s) => s.includes("pg_temp.redemption_key(address text)"));
    await run(statements.slice(keys));
    expect(
      await rows(
        `select order_id, email_key, once_per_customer from promotion_redemptions order by order_id`,
      ),
    ).toEqual([
      { order_id: 9, email_key: "sipho@example.com", once_per_customer: true },
      { order_id: 10, email_key: "sipho@example.com", once_per_customer: false },
      { order_id: 11, email_key: "sipho@gmail.com", once_per_customer: true },
      { order_id: 12, email_key: "s.ipho@example.com", once_per_customer: true },
    ]);
  });
});
