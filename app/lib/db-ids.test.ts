import { describe, expect, it } from "vitest";
import { dbIdFieldSchema, dbIdSchema, isDbId, MAX_DB_INTEGER, parseDbId } from "./db-ids";

describe("database ids", () => {
  it("stop at PostgreSQL's integer", () => {
    expect(MAX_DB_INTEGER).toBe(2 ** 31 - 1);
    expect(isDbId(MAX_DB_INTEGER)).toBe(true);
    expect(isDbId(MAX_DB_INTEGER + 1)).toBe(false);
  });

  it.each([
    ["1", 1],
    ["0042", 42],
    [" 7 ", 7],
    ["2147483647", 2147483647],
    ["2147483648", null],
    ["3000000000", null],
    ["99999999999999999999", null],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["1e3", null],
    ["0x10", null],
    ["", null],
    [null, null],
    [12, null],
  ])("parseDbId(%j) is %j", (text, id) => {
    expect(parseDbId(text)).toBe(id);
  });

  it("the JSON and form schemas refuse what no row can be", () => {
    const json = dbIdSchema("No such item.");
    expect(json.safeParse(12).success).toBe(true);
    for (const bad of [0, -1, 1.5, 3_000_000_000, "1", null]) {
      expect(json.safeParse(bad).error?.issues[0]?.message).toBe("No such item.");
    }
    const field = dbIdFieldSchema("Category is required");
    expect(field.safeParse("3").data).toBe(3);
    for (const bad of ["", "3000000000", "abc", undefined]) {
      expect(field.safeParse(bad).error?.issues[0]?.message).toBe("Category is required");
    }
  });
});
