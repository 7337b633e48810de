import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitRefund, type MoneySource } from "./refund-split";

const card = (paymentId: number, refundableCents: number): MoneySource => ({
  paymentId,
  refundableCents,
});
const showroom = (refundableCents: number): MoneySource => ({ paymentId: null, refundableCents });

describe("splitting a refund over the payments that took the money", () => {
  it.each([
    {
      name: "one card payment pays back all of it",
      sources: [card(1, 100_000)],
      refund: 40_000,
      parts: [{ method: "provider", paymentId: 1, amountCents: 40_000 }],
    },
    {
      name: "a lay-by's R600 card deposit and R9,400 paid at the showroom",
      sources: [card(7, 60_000), showroom(940_000)],
      refund: 1_000_000,
      parts: [
        { method: "provider", paymentId: 7, amountCents: 60_000 },
        { method: "hand", paymentId: null, amountCents: 940_000 },
      ],
    },
    {
      name: "the newest online payment first",
      sources: [card(1, 60_000), card(2, 30_000), card(3, 30_000)],
      refund: 50_000,
      parts: [
        { method: "provider", paymentId: 3, amountCents: 30_000 },
        { method: "provider", paymentId: 2, amountCents: 20_000 },
      ],
    },
    {
      name: "a payment already paid back in full is passed over",
      sources: [card(1, 60_000), card(2, 0)],
      refund: 10_000,
      parts: [{ method: "provider", paymentId: 1, amountCents: 10_000 }],
    },
  ])("$name", ({ sources, refund, parts }) => {
    expect(splitRefund(sources, refund)).toEqual(parts);
  });

  it("by hand when staff pay it back themselves", () => {
    expect(splitRefund([card(1, 5_000)], 5_000, { byHand: true })).toEqual([
      { method: "hand", paymentId: null, amountCents: 5_000 },
    ]);
  });

  it("refuses more than the payments can pay back", () => {
    expect(() => splitRefund([card(1, 5_000)], 5_001)).toThrow(RangeError);
    expect(() => splitRefund([card(1, 5_000)], 0)).toThrow(RangeError);
  });

  it("the parts add up to the refund, and no payment pays back more than it can", () => {
    const source = fc.record({
      online: fc.boolean(),
      refundableCents: fc.integer({ min: 0, max: 2_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(source, { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (raw, share) => {
          const sources = raw.map((s, i) => ({
            paymentId: s.online ? i + 1 : null,
            refundableCents: s.refundableCents,
          }));
          const total = sources.reduce((sum, s) => sum + s.refundableCents, 0);
          const refund = Math.max(1, Math.floor(total * share));
          if (total === 0) return;
          const parts = splitRefund(sources, refund);
          expect(parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(refund);
          for (const part of parts) {
            expect(part.amountCents).toBeGreaterThan(0);
            if (part.paymentId !== null) {
              expect(part.amountCents).toBeLessThanOrEqual(
                sources[part.paymentId - 1]!.refundableCents,
              );
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
