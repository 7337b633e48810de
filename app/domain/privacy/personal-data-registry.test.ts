import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { looksPersonal, PERSONAL_DATA_REGISTRY } from "./personal-data-registry";

/** Every table of the schema, by its SQL name, with its columns and their kinds of value. */
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .map((config) => ({
    name: config.name,
    columns: config.columns.map((c) => ({ name: c.name, dataType: c.dataType })),
  }));

/** Columns that can hold words (text, JSON, lists): a number or a flag holds no name. */
const holdsWords = (dataType: string) => ["string", "json", "array"].includes(dataType);

describe("the privacy tools know every personal column", () => {
  it("reads the whole schema", () => {
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(["orders", "delivery_proofs", "invoices", "reviews", "users"]),
    );
  });

  it("lists each column whose name looks personal in the registry, with what is done with it", () => {
    const unknown = tables.flatMap((table) =>
      table.columns
        .filter((c) => holdsWords(c.dataType) && looksPersonal(c.name))
        .filter((c) => !PERSONAL_DATA_REGISTRY[table.name]?.[c.name])
        .map((c) => `${table.name}.${c.name}`),
    );
    // Each one needs a line in app/domain/privacy/personal-data-registry.ts: exported and erased
    // (then in findPersonalData and erasePersonalData), kept for a law, or why it is not personal.
    expect(unknown).toEqual([]);
  });

  it("names only tables and columns that exist", () => {
    const stale = Object.entries(PERSONAL_DATA_REGISTRY).flatMap(([name, columns]) => {
      const table = tables.find((t) => t.name === name);
      if (!table) return [name];
      return Object.keys(columns)
        .filter((column) => !table.columns.some((c) => c.name === column))
        .map((column) => `${name}.${column}`);
    });
    expect(stale).toEqual([]);
  });

  it.each([
    ["recipient_name", true],
    ["contact_phone", true],
    ["buyer_vat_number", true],
    ["signature_file", true],
    ["ip_address", true],
    ["capacity", false],
    ["total_cents", false],
  ])("takes %s as personal: %s", (column, expected) => {
    expect(looksPersonal(column)).toBe(expected);
  });
});
