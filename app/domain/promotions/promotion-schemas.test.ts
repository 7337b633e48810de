import { describe, expect, it } from "vitest";
import { parseForm, REQUIRED_MESSAGE } from "~/lib/forms";
import { AMOUNT_MESSAGE } from "~/lib/money";
import {
  CODE_CHARACTERS_MESSAGE,
  CODE_LENGTH_MESSAGE,
  DATE_MESSAGE,
  END_BEFORE_START_MESSAGE,
  GOODS_MESSAGE,
  GOODS_TOO_MANY_MESSAGE,
  KIND_MESSAGE,
  PERCENTAGE_MESSAGE,
  promotionSchema,
  USAGE_LIMIT_MESSAGE,
} from "./promotion-schemas";

const ABOVE_ZERO = "Enter an amount above zero.";

const VALID = {
  code: "spring15",
  kind: "percentage",
  description: "15% off for spring",
  value: "15",
  usageLimit: "",
  startDate: "2026-09-01",
  endDate: "2026-09-30",
  active: "on",
};

const errorsOf = (fields: Record<string, string>) => {
  const parsed = parseForm(promotionSchema, { ...VALID, ...fields });
  return parsed.ok ? {} : parsed.fieldErrors;
};

describe("the promotion form's rules", () => {
  const cases: [string, Record<string, string>, string, string | undefined][] = [
    ["a code is required", { code: "  " }, "code", REQUIRED_MESSAGE],
    ["a code with a space", { code: "SPRING 15" }, "code", CODE_CHARACTERS_MESSAGE],
    ["a code with a hyphen", { code: "SPRING-15" }, "code", CODE_CHARACTERS_MESSAGE],
    ["a code with a letter outside A to Z", { code: "ṰHOHO10" }, "code", CODE_CHARACTERS_MESSAGE],
    ["a code of 31 characters", { code: "A".repeat(31) }, "code", CODE_LENGTH_MESSAGE],
    ["a code of 30 characters", { code: "A".repeat(30) }, "code", undefined],
    ["a type that is neither", { kind: "bogof" }, "kind", KIND_MESSAGE],
    ["a missing value", { value: "" }, "value", REQUIRED_MESSAGE],
    ["a percentage of 0", { value: "0" }, "value", PERCENTAGE_MESSAGE],
    ["a percentage of 1", { value: "1" }, "value", undefined],
    ["a percentage of 100", { value: "100" }, "value", undefined],
    ["a percentage of 101", { value: "101" }, "value", PERCENTAGE_MESSAGE],
    ["a percentage of 12.5", { value: "12.5" }, "value", PERCENTAGE_MESSAGE],
    ["a negative percentage", { value: "-5" }, "value", PERCENTAGE_MESSAGE],
    ["a fixed amount of 0", { kind: "fixed", value: "0" }, "value", ABOVE_ZERO],
    ["a fixed amount of 0,00", { kind: "fixed", value: "0,00" }, "value", ABOVE_ZERO],
    ["a fixed amount of 249,50", { kind: "fixed", value: "249,50" }, "value", undefined],
    ["a fixed amount of 1 cent", { kind: "fixed", value: "0.01" }, "value", undefined],
    ["a fixed amount of 3 decimals", { kind: "fixed", value: "5.005" }, "value", AMOUNT_MESSAGE],
    ["a fixed amount of R1,000", { kind: "fixed", value: "R1,000" }, "value", AMOUNT_MESSAGE],
    ["a fixed amount in words", { kind: "fixed", value: "five" }, "value", AMOUNT_MESSAGE],
    ["a usage limit of 0", { usageLimit: "0" }, "usageLimit", USAGE_LIMIT_MESSAGE],
    ["a usage limit of 2.5", { usageLimit: "2.5" }, "usageLimit", USAGE_LIMIT_MESSAGE],
    [
      "a usage limit past the integer",
      { usageLimit: "3000000000" },
      "usageLimit",
      USAGE_LIMIT_MESSAGE,
    ],
    ["a start date that is no day", { startDate: "2026-02-30" }, "startDate", DATE_MESSAGE],
    ["an end date that is no day", { endDate: "31/12/2026" }, "endDate", DATE_MESSAGE],
    ["an end before the start", { endDate: "2026-08-31" }, "endDate", END_BEFORE_START_MESSAGE],
    ["one day: the end on the start", { endDate: "2026-09-01" }, "endDate", undefined],
    ["no dates at all", { startDate: "", endDate: "" }, "endDate", undefined],
    ["a switch value a form never sends", { active: "yes" }, "active", "Switch it on or off."],
    [
      "a minimum spend that could mean two amounts",
      { minSpend: "1,150" },
      "minSpend",
      AMOUNT_MESSAGE,
    ],
    ["a negative minimum spend", { minSpend: "-100" }, "minSpend", "An amount cannot be negative."],
    ["no minimum spend", { minSpend: "" }, "minSpend", undefined],
    [
      "one use per customer sent as something else",
      { oncePerCustomer: "1" },
      "oncePerCustomer",
      "Switch it on or off.",
    ],
    ["a category id that is no id", { categoryIds: "1,x" }, "categoryIds", GOODS_MESSAGE],
    ["a product id of zero", { productIds: "0" }, "productIds", GOODS_MESSAGE],
    [
      "more products than a promotion takes",
      { productIds: Array.from({ length: 51 }, (_, i) => i + 1).join(",") },
      "productIds",
      GOODS_TOO_MANY_MESSAGE,
    ],
  ];
  for (const [name, fields, field, message] of cases) {
    it(name, () => {
      const errors = errorsOf(fields);
      if (message === undefined) expect(errors).toEqual({});
      else expect(errors).toMatchObject({ [field]: message });
    });
  }

  it("keeps the code in upper case, the percent as a number, empty limits and dates as null", () => {
    const parsed = parseForm(promotionSchema, {
      ...VALID,
      code: " spring15 ",
      startDate: "",
      endDate: "",
      active: undefined,
    });
    expect(parsed).toEqual({
      ok: true,
      data: {
        code: "SPRING15",
        kind: "percentage",
        description: "15% off for spring",
        value: 15,
        usageLimit: null,
        startDate: null,
        endDate: null,
        active: false,
        minSpendCents: 0,
        oncePerCustomer: false,
        categoryIds: [],
        productIds: [],
      },
    });
  });

  it("reads the rules: a minimum spend with a decimal comma, the switch, the goods' ids", () => {
    const parsed = parseForm(promotionSchema, {
      ...VALID,
      minSpend: "4 999,50",
      oncePerCustomer: "on",
      categoryIds: "3,1,3",
      productIds: "12",
    });
    expect(parsed.ok && parsed.data).toMatchObject({
      minSpendCents: 499_950,
      oncePerCustomer: true,
      categoryIds: [3, 1],
      productIds: [12],
    });
  });

  it("turns a fixed amount in Rand into cents", () => {
    for (const [typed, cents] of [
      ["500", 50_000],
      ["249.50", 24_950],
      ["249,50", 24_950],
      ["R1 000", 100_000],
      ["R1,000.00", 100_000],
      ["0.5", 50],
    ] as const) {
      const parsed = parseForm(promotionSchema, { ...VALID, kind: "fixed", value: typed });
      expect(parsed.ok && parsed.data.value, typed).toBe(cents);
    }
  });

  it("shows every field's message at once", () => {
    expect(
      Object.keys(
        errorsOf({ code: "a b", value: "0", usageLimit: "x", endDate: "2026-01-01" }),
      ).sort(),
    ).toEqual(["code", "endDate", "usageLimit", "value"]);
  });
});
