import { describe, expect, it } from "vitest";
import { province } from "~/db/schema";
import {
  HOME_PROVINCE,
  isProvinceCode,
  PROVINCE_CODES,
  PROVINCES,
  provinceName,
} from "~/lib/provinces";

describe("the nine provinces", () => {
  it("are the database's list, in the same order, each with its own name", () => {
    expect(PROVINCE_CODES).toEqual(province.enumValues);
    expect(new Set(PROVINCES.map((p) => p.name)).size).toBe(9);
  });

  it("name a code, and no name for no province", () => {
    expect(provinceName("KZN")).toBe("KwaZulu-Natal");
    expect(provinceName(HOME_PROVINCE)).toBe("North West");
    expect(provinceName(null)).toBe("");
    expect(isProvinceCode("North West")).toBe(false);
    expect(isProvinceCode("WC")).toBe(true);
  });
});
