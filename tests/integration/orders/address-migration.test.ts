import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { addressLines } from "~/domain/addresses/format-address";
import { getAdminOrder } from "~/domain/orders/get-admin-order.server";
import { listAddresses } from "~/domain/shoppers/addresses.server";
import { useMigrationDatabase } from "../../setup/migration-database";

/*
 * The migration that gave addresses their South African parts: orders and saved addresses
 * written before it keep their text as the street address and still print as they did; a
 * province is given only where it can be read (the shop's own town or postal code).
 */
const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
const ours = migrations.findIndex((m) =>
  m.sql.join("").includes('CREATE TYPE "public"."province"'),
);

// Embedded, or on the PostgreSQL server when TEST_DATABASE_URL is set.
const { run, useForApp } = useMigrationDatabase("bed_shop_addresses");

describe("the migration to South African addresses", () => {
  it("keeps old orders and saved addresses readable, with a province only in the shop's own town", async () => {
    expect(ours).toBeGreaterThan(0);
    for (const migration of migrations.slice(0, ours)) await run(migration.sql);
    const hours = `'{"label":"Hours","lines":[]}'`;
    await run([
      `insert into store_settings (store_name, legal_name, registration_number, street_address,
         town, province, postal_code, phone, whatsapp, email, footer_hours, showroom_hours,
         delivery_hours)
       values ('Test Beds', 'Test Beds (Pty) Ltd', '2009/000001/07', '1 Test Street',
         'Lichtenburg', 'North West', '2740', '018 000 0000', '27820000000', 'shop@example.com',
         ${hours}, ${hours}, ${hours})`,
      `insert into orders (id, number, token, idempotency_key, first_name, last_name, email, phone,
         address, city, postal_code, delivery_method, payment_method, subtotal_cents,
         delivery_cents, vat_cents, total_cents, pay_by)
       values
         (1, 1001, 't1', 'k1', 'Thandi', 'Nkosi', 't@example.com', '0821234567',
          '12 Church Street', ' lichtenburg ', '2740', 'standard', 'card', 100000, 0, 13043, 100000, now()),
         (2, 1002, 't2', 'k2', 'Sipho', 'Dube', 's@example.com', '0821234568',
          'Plot 7, Bakerville road', 'Bakerville', '2740', 'standard', 'card', 100000, 0, 13043, 100000, now()),
         (3, 1003, 't3', 'k3', 'Lindiwe', 'Zulu', 'l@example.com', '0821234569',
          '8 Long Street, Gardens', 'Cape Town', '8001 ', 'standard', 'card', 100000, 0, 13043, 100000, now()),
         (4, 1004, 't4', 'k4', 'Pieter', 'Botha', 'p@example.com', '0821234560',
          'Farm Rietfontein', 'Mahikeng', 'n/a', 'standard', 'card', 100000, 0, 13043, 100000, now())`,
      `insert into users (id, name, email, email_verified, role)
       values ('u1', 'Thandi Nkosi', 't@example.com', true, 'customer')`,
      `insert into customer_addresses (user_id, label, first_name, last_name, phone, address,
         city, postal_code, is_default)
       values ('u1', 'Home', 'Thandi', 'Nkosi', '0821234567', '12 Church Street', 'Lichtenburg',
         '2740', true),
              ('u1', 'Sister', 'Thandi', 'Nkosi', '0821234567', '8 Long Street', 'Cape Town',
         '8001', false)`,
    ]);

    for (const migration of migrations.slice(ours)) await run(migration.sql);
    useForApp();

    const printed = async (number: number) => {
      const { order } = await getAdminOrder(number);
      return { province: order.province, lines: addressLines(order), complex: order.complex };
    };
    // The shop's own town (however it was typed) or its postal code: North West.
    expect(await printed(1001)).toEqual({
      province: "NW",
      lines: ["12 Church Street", "lichtenburg 2740", "North West"],
      complex: "",
    });
    expect(await printed(1002)).toMatchObject({ province: "NW" });
    // Anywhere else is not guessed: no province, printed as it always was.
    expect(await printed(1003)).toEqual({
      province: null,
      lines: ["8 Long Street, Gardens", "Cape Town 8001"],
      complex: "",
    });
    // A postal code that was never four digits still reads; only a new save must fix it.
    expect((await printed(1004)).lines).toEqual(["Farm Rietfontein", "Mahikeng n/a"]);

    const saved = await listAddresses("u1");
    expect(saved.map((a) => [a.label, a.province, a.address, a.deliveryMobile])).toEqual([
      ["Home", "NW", "12 Church Street", ""],
      ["Sister", null, "8 Long Street", ""],
    ]);
  });
});
