import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { useMigrationDatabase } from "../../setup/migration-database";

/*
 * The migration that numbers orders from a counter row instead of a sequence (0063): a shop
 * whose sequence ran ahead of its orders (two refused checkouts took 1003 and 1004) goes on
 * from its last order, 1003 next, and a refused insert after it gives its number back. On
 * PostgreSQL too (TEST_DATABASE_URL), in a database of its own.
 */
const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
const counter = migrations.findIndex((m) => m.sql.join("").includes("next_order_number()"));
const { run, rows } = useMigrationDatabase("bed_shop_order_numbers");

const order = (key: string, number = "") =>
  `insert into orders (${number ? "number, " : ""}token, idempotency_key, first_name, last_name,
     email, phone, address, city, postal_code, delivery_method, payment_method, subtotal_cents,
     delivery_cents, vat_cents, total_cents, pay_by)
   values (${number ? `${number}, ` : ""}'tok-${key}', '${key}', 'Thandi', 'Nkosi', 't@example.com',
     '0821234567', '1 Main Rd', 'Mahikeng', '2745', 'standard', 'card', 115000, 0, 15000, 115000,
     now())`;

describe("the migration that numbers orders from a counter", () => {
  it("goes on from the last order placed, and a rolled-back order gives its number back", async () => {
    expect(counter).toBeGreaterThan(0);
    for (const migration of migrations.slice(0, counter)) await run(migration.sql);
    await run([order("a"), order("b"), "select nextval('order_number_seq')", order("c")]);
    // The sequence gave 1003 to nothing: the third order is 1004.
    await run(["delete from orders where idempotency_key = 'c'"]);
    await run(migrations[counter]!.sql);
    for (const migration of migrations.slice(counter + 1)) await run(migration.sql);

    // An insert refused after taking its number (the same idempotency key again) rolls back.
    await expect(run([order("a")])).rejects.toThrow();
    await run([order("d"), order("e")]);
    expect(
      (await rows<{ number: number }>("select number from orders order by number")).map(
        (r) => r.number,
      ),
    ).toEqual([1001, 1002, 1003, 1004]);
    expect(await rows("select * from pg_class where relname = 'order_number_seq'")).toEqual([]);
  });
});
