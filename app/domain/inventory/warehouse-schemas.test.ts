import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { codeFromName, createWarehouseSchema, sellsOnlineSchema } from "./warehouse-schemas";

describe("codeFromName", () => {
  it.each([
    ["Store room", "store-room"],
    ["Shop & Yard", "shop-and-yard"],
    ["Showroom & Warehouse", "showroom-and-warehou"],
    ["  Mahikeng  Depot #2 ", "mahikeng-depot-2"],
    ["Muḓau's Shed", "mudaus-shed"],
    ["A very long warehouse name indeed", "a-very-long-warehous"],
    ["Twenty chars exactly-x", "twenty-chars-exactly"],
    ["!!!", "warehouse"],
  ])("%s gives %s", (name, code) => {
    expect(codeFromName(name)).toBe(code);
    expect(code.length).toBeLessThanOrEqual(20);
    expect(code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe("the add warehouse form", () => {
  it("takes a blank code, lower-cases a typed one and reads the switch as on or off", () => {
    expect(parseForm(createWarehouseSchema, { name: " Yard ", code: "" })).toEqual({
      ok: true,
      data: { name: "Yard", code: "", sellsOnline: false },
    });
    expect(
      parseForm(createWarehouseSchema, { name: "Yard", code: "Back-Yard", sellsOnline: "on" }),
    ).toEqual({ ok: true, data: { name: "Yard", code: "back-yard", sellsOnline: true } });
  });

  it("refuses codes with other characters, hyphens at the ends or twice, by the field", () => {
    for (const code of ["back yard", "-yard", "yard-", "back--yard", "yärd", "x".repeat(21)]) {
      const parsed = parseForm(createWarehouseSchema, { name: "Yard", code });
      expect(parsed.ok, code).toBe(false);
      if (!parsed.ok) expect(Object.keys(parsed.fieldErrors)).toEqual(["code"]);
    }
  });

  it("reads the selling switch's posted value only as true or false", () => {
    expect(parseForm(sellsOnlineSchema, { warehouseId: "3", sellsOnline: "false" })).toEqual({
      ok: true,
      data: { warehouseId: 3, sellsOnline: false },
    });
    expect(parseForm(sellsOnlineSchema, { warehouseId: "3", sellsOnline: "on" }).ok).toBe(false);
  });
});
