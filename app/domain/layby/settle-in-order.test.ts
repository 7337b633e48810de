import { describe, expect, it } from "vitest";
import {
  leftOn,
  owedOn,
  settleInOrder,
  settledWords,
  type InstalmentOwed,
} from "./settle-in-order";

/** A R10,000 plan: R1,600 deposit and six instalments of R1,400. */
const plan = (paid: number[] = []): InstalmentOwed[] =>
  [160_000, 140_000, 140_000, 140_000, 140_000, 140_000, 140_000].map((amountCents, number) => ({
    number,
    amountCents,
    paidCents: paid[number] ?? 0,
  }));

describe("settleInOrder", () => {
  it.each([
    {
      name: "part of the deposit",
      paid: [],
      amount: 50_000,
      settled: [{ number: 0, appliedCents: 50_000, leftCents: 110_000 }],
    },
    {
      name: "the rest of the deposit exactly",
      paid: [50_000],
      amount: 110_000,
      settled: [{ number: 0, appliedCents: 110_000, leftCents: 0 }],
    },
    {
      name: "two instalments and part of a third",
      paid: [160_000],
      amount: 300_000,
      settled: [
        { number: 1, appliedCents: 140_000, leftCents: 0 },
        { number: 2, appliedCents: 140_000, leftCents: 0 },
        { number: 3, appliedCents: 20_000, leftCents: 120_000 },
      ],
    },
    {
      name: "the rest of a part-paid instalment and one cent of the next",
      paid: [160_000, 140_000, 140_000, 20_000],
      amount: 120_001,
      settled: [
        { number: 3, appliedCents: 120_000, leftCents: 0 },
        { number: 4, appliedCents: 1, leftCents: 139_999 },
      ],
    },
    {
      name: "everything still owed",
      paid: [160_000, 140_000],
      amount: 700_000,
      settled: [2, 3, 4, 5, 6].map((number) => ({
        number,
        appliedCents: 140_000,
        leftCents: 0,
      })),
    },
  ])("settles $name, the parts adding up to the amount", ({ paid, amount, settled }) => {
    const instalments = plan(paid);
    const result = settleInOrder(instalments, amount);
    expect(result).toEqual(settled);
    // Invariants: the parts add up to the amount; only the last one touched may be left part paid.
    expect(result.reduce((sum, s) => sum + s.appliedCents, 0)).toBe(amount);
    expect(result.slice(0, -1).every((s) => s.leftCents === 0)).toBe(true);
    for (const s of result) {
      expect(s.leftCents).toBe(leftOn(instalments[s.number]!) - s.appliedCents);
    }
  });

  it("refuses nothing and more than is owed", () => {
    expect(owedOn(plan([160_000]))).toBe(840_000);
    expect(() => settleInOrder(plan([160_000]), 840_001)).toThrow(RangeError);
    expect(() => settleInOrder(plan(), 0)).toThrow(RangeError);
    expect(() => settleInOrder(plan(), 10.5)).toThrow(RangeError);
  });
});

describe("settledWords", () => {
  it.each([
    [
      [{ number: 0, appliedCents: 50_000, leftCents: 110_000 }],
      "R500.00 of the deposit paid, R1,100.00 left on it",
    ],
    [[{ number: 0, appliedCents: 160_000, leftCents: 0 }], "the deposit paid"],
    [
      [
        { number: 1, appliedCents: 140_000, leftCents: 0 },
        { number: 2, appliedCents: 140_000, leftCents: 0 },
        { number: 3, appliedCents: 20_000, leftCents: 120_000 },
      ],
      "instalment 1 and instalment 2 paid; R200.00 of instalment 3 paid, R1,200.00 left on it",
    ],
  ])("says what %j settled", (settled, words) => {
    expect(settledWords(settled)).toBe(words);
  });
});
