import { describe, expect, it } from "vitest";
import { formatPoNumber, parsePoNumber } from "./po-number";

describe("purchase order numbers", () => {
  it("show four digits at least", () => {
    expect(formatPoNumber(1)).toBe("PO-0001");
    expect(formatPoNumber(123)).toBe("PO-0123");
    expect(formatPoNumber(12345)).toBe("PO-12345");
  });

  it("are read back from what staff type", () => {
    expect(parsePoNumber("PO-0012")).toBe(12);
    expect(parsePoNumber("po12")).toBe(12);
    expect(parsePoNumber(" 7 ")).toBe(7);
    expect(parsePoNumber("PO-0000")).toBeNull();
    expect(parsePoNumber("PO-12a")).toBeNull();
    expect(parsePoNumber("99999999999")).toBeNull();
  });
});
