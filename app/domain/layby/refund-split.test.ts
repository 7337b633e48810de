import { describe, expect, it } from "vitest";
import { splitLaybyRefund } from "./refund-split";

describe("splitLaybyRefund", () => {
  it.each([
    {
      name: "online only: the newest payment first, the rest from the one before",
      paid: [
        { paymentId: 1, amountCents: 60_000 },
        { paymentId: 2, amountCents: 30_000 },
      ],
      refund: 85_000,
      shares: [
        { method: "provider", paymentId: 2, amountCents: 30_000 },
        { method: "provider", paymentId: 1, amountCents: 55_000 },
      ],
    },
    {
      name: "a refund smaller than the newest payment comes from it alone",
      paid: [
        { paymentId: 1, amountCents: 60_000 },
        { paymentId: 2, amountCents: 30_000 },
      ],
      refund: 20_000,
      shares: [{ method: "provider", paymentId: 2, amountCents: 20_000 }],
    },
    {
      name: "showroom payments are paid back in cash once the online ones are used up",
      paid: [
        { paymentId: null, amountCents: 60_000 },
        { paymentId: 7, amountCents: 30_000 },
        { paymentId: null, amountCents: 30_000 },
      ],
      refund: 119_000,
      shares: [
        { method: "provider", paymentId: 7, amountCents: 30_000 },
        { method: "cash", paymentId: null, amountCents: 89_000 },
      ],
    },
    {
      name: "nothing to refund, no shares",
      paid: [{ paymentId: 1, amountCents: 5 }],
      refund: 0,
      shares: [],
    },
  ])("$name", ({ paid, refund, shares }) => {
    const result = splitLaybyRefund(paid, refund);
    expect(result).toEqual(shares);
    expect(result.reduce((sum, s) => sum + s.amountCents, 0)).toBe(refund);
  });

  it("refuses to pay back more than was paid", () => {
    expect(() => splitLaybyRefund([{ paymentId: 1, amountCents: 100 }], 101)).toThrow(RangeError);
  });
});
