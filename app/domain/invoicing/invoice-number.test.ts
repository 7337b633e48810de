import { describe, expect, it } from "vitest";
import { formatCreditNoteNumber, formatInvoiceNumber, parseInvoiceNumber } from "./invoice-number";

describe("invoice numbers", () => {
  it("print with six digits, and more past 999999", () => {
    expect(formatInvoiceNumber(1)).toBe("INV-000001");
    expect(formatInvoiceNumber(1_234_567)).toBe("INV-1234567");
    expect(formatCreditNoteNumber(42)).toBe("CN-000042");
  });

  it("are found however staff type them", () => {
    expect(parseInvoiceNumber("INV-000012")).toBe(12);
    expect(parseInvoiceNumber("inv12")).toBe(12);
    expect(parseInvoiceNumber(" 12 ")).toBe(12);
    expect(parseInvoiceNumber("INV-0")).toBeNull();
    expect(parseInvoiceNumber("Ndou")).toBeNull();
  });
});
