import { describe, expect, it } from "vitest";
import { z } from "zod";
import { amountField, readAmount } from "./amount-field";
import { parseForm, REQUIRED_MESSAGE } from "./forms";
import { AMOUNT_MESSAGE } from "./money";

describe("readAmount and amountField", () => {
  it.each([
    ["1150,50", {}, { cents: 115050 }],
    ["", {}, { cents: null }],
    ["", { required: "Price is required" }, { message: "Price is required" }],
    ["1,150", {}, { message: AMOUNT_MESSAGE }],
    ["-5", {}, { message: "An amount cannot be negative." }],
    ["0", { min: 1 }, { message: "Enter an amount above zero." }],
    ["0,99", { min: 100 }, { message: "Enter at least R1.00." }],
    ["0,99", { min: 100, minMessage: "At least R1." }, { message: "At least R1." }],
    ["10 000,01", { max: 1_000_000 }, { message: "Enter at most R10,000.00." }],
    ["10 000,00", { max: 1_000_000 }, { cents: 1_000_000 }],
    ["10000000", {}, { message: "Enter at most R9,999,999.99." }],
  ])("reads %j with %j as %j", (text, rules, expected) => {
    expect(readAmount(text, rules)).toEqual(expected);
  });

  it("gives a schema the cents, or the message at the field", () => {
    const schema = z.object({ fee: amountField({ required: REQUIRED_MESSAGE }) });
    expect(parseForm(schema, { fee: "R1 150,50" })).toEqual({ ok: true, data: { fee: 115050 } });
    const refused = parseForm(schema, { fee: "1.150" });
    expect(refused.ok ? null : refused.fieldErrors).toEqual({ fee: AMOUNT_MESSAGE });
  });
});
