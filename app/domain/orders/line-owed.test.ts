import { describe, expect, it } from "vitest";
import { lineOwedWords } from "./line-owed";

const line = (over: Partial<Parameters<typeof lineOwedWords>[0]>) => ({
  quantity: 2,
  creditedQuantity: 0,
  returnedQuantity: 0,
  deliveredQuantity: 0,
  ...over,
});

describe("what became of an order line's units", () => {
  it.each([
    [line({}), ""],
    [line({ deliveredQuantity: 2 }), "2 delivered"],
    [line({ creditedQuantity: 2, returnedQuantity: 2 }), "2 refunded, back in stock"],
    [line({ creditedQuantity: 1 }), "1 refunded, kept by the customer"],
    [line({ creditedQuantity: 2, returnedQuantity: 1 }), "2 refunded, 1 back in stock"],
    [
      line({ deliveredQuantity: 2, creditedQuantity: 1, returnedQuantity: 1 }),
      "2 delivered · 1 refunded, back in stock",
    ],
  ])("%o reads %j", (given, words) => {
    expect(lineOwedWords(given)).toBe(words);
  });
});
