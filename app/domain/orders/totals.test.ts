import { describe, expect, it } from "vitest";
import { addOnCharges, NO_ADD_ON_CHARGES, type AddOnChoice } from "./add-ons";
import {
  DELIVERY_METHOD_LABELS,
  deliveryFeeCents,
  expressOffered,
  lineDiscounts,
  orderTotals,
  PAYMENT_METHOD_LABELS,
  vatIncludedCents,
  type DeliveryRates,
  type PromotionTerms,
} from "./totals";

const HOME: DeliveryRates = {
  freeDeliveryThresholdCents: 200_000,
  standardDeliveryCents: 29_900,
  expressDeliveryCents: 39_900,
};
const FEES = { removalFeeCents: 25_000, assemblyFeeCents: 35_000 };
const none: AddOnChoice = { removal: false, assembly: false };
const both: AddOnChoice = { removal: true, assembly: true };
const tenOff: PromotionTerms = { kind: "percentage", value: 10 };

describe("an order's totals with delivery add-ons", () => {
  it.each([
    // name, subtotal, method, promotion, add-ons, delivery, removal, assembly, total
    ["goods only, below free delivery", 100_000, "standard", null, none, 29_900, 0, 0, 129_900],
    [
      "removal below free delivery",
      100_000,
      "standard",
      null,
      { ...none, removal: true },
      29_900,
      25_000,
      0,
      154_900,
    ],
    [
      "both add-ons below free delivery",
      100_000,
      "standard",
      null,
      both,
      29_900,
      25_000,
      35_000,
      189_900,
    ],
    // The threshold is on the goods: add-ons never make delivery free.
    [
      "add-ons do not reach free delivery",
      180_000,
      "standard",
      null,
      both,
      29_900,
      25_000,
      35_000,
      269_900,
    ],
    [
      "goods at the threshold: delivery free, add-ons charged",
      200_000,
      "standard",
      null,
      both,
      0,
      25_000,
      35_000,
      260_000,
    ],
    [
      "express charges its fee and the add-ons",
      300_000,
      "express",
      null,
      { ...none, assembly: true },
      39_900,
      0,
      35_000,
      374_900,
    ],
    // A discount is on the goods only: the add-ons are charged in full.
    [
      "10% off the goods, not the add-ons",
      300_000,
      "standard",
      tenOff,
      both,
      0,
      25_000,
      35_000,
      330_000,
    ],
  ] as const)(
    "%s",
    (_name, subtotal, method, promotion, chosen, delivery, removal, assembly, total) => {
      const totals = orderTotals({
        subtotalCents: subtotal,
        deliveryMethod: method,
        promotion,
        rates: HOME,
        addOns: addOnCharges(chosen, FEES),
      });
      expect(totals).toMatchObject({
        deliveryCents: delivery,
        removalCents: removal,
        assemblyCents: assembly,
        totalCents: total,
      });
      // The invariant the database's check holds too: the parts add up to the total.
      expect(
        totals.subtotalCents -
          totals.discountCents +
          totals.deliveryCents +
          totals.removalCents +
          totals.assemblyCents,
      ).toBe(totals.totalCents);
      // VAT is on the whole total, add-ons included.
      expect(totals.vatCents).toBe(vatIncludedCents(totals.totalCents));
    },
  );

  it("charges nothing for add-ons not chosen, whatever the fees", () => {
    expect(addOnCharges(none, FEES)).toEqual(NO_ADD_ON_CHARGES);
  });
});

describe("each line's share of the discount", () => {
  it("goes to the lines the promotion was for, adding up to the discount", () => {
    // MATTRESS10 on a R3,000 mattress and a R1,000 pillow: R300, all of it the mattress's.
    const lines = [
      { lineTotalCents: 300_000, qualifies: true },
      { lineTotalCents: 100_000, qualifies: false },
    ];
    expect(lineDiscounts(30_000, lines)).toEqual([30_000, 0]);
  });

  it("is spread over every line by what it costs when none is marked, the dearest taking the cents left", () => {
    const lines = [
      { lineTotalCents: 100_000, qualifies: true },
      { lineTotalCents: 250_000, qualifies: true },
    ];
    // R300 over R3,500: R85.71 and R214.28, and the cent left to the R2,500 line.
    expect(lineDiscounts(30_000, lines)).toEqual([8_571, 21_429]);
    expect(
      lineDiscounts(
        30_000,
        lines.map((l) => ({ ...l, qualifies: false })),
      ),
    ).toEqual([8_571, 21_429]);
    expect(lineDiscounts(0, lines)).toEqual([0, 0]);
  });
});

describe("the edges of a discount and of delivery", () => {
  it("gives no line a share when the lines the promotion was for cost nothing, or nothing does", () => {
    // A free gift marked for the code beside a priced line: the priced line takes it all.
    expect(
      lineDiscounts(5_000, [
        { lineTotalCents: 0, qualifies: true },
        { lineTotalCents: 100_000, qualifies: false },
      ]),
    ).toEqual([0, 5_000]);
    // Nothing costs anything: no share, not a share of nothing divided by nothing.
    expect(lineDiscounts(5_000, [{ lineTotalCents: 0, qualifies: false }])).toEqual([0]);
  });

  it("takes a percentage of the goods it was for only, and a fixed amount as it is", () => {
    const scoped = (terms: PromotionTerms) =>
      orderTotals({
        subtotalCents: 400_000,
        deliveryMethod: "standard",
        promotion: { ...terms, qualifyingCents: 300_000 },
        rates: HOME,
        addOns: NO_ADD_ON_CHARGES,
      }).discountCents;
    expect(scoped(tenOff)).toBe(30_000);
    expect(scoped({ kind: "fixed", value: 25_000 })).toBe(25_000);
    // Never more than the goods it was for come to.
    expect(scoped({ kind: "fixed", value: 350_000 })).toBe(300_000);
  });

  it("refuses express where it is not offered, and says where it is", () => {
    const noExpress = { ...HOME, expressDeliveryCents: null };
    expect(expressOffered(HOME)).toBe(true);
    expect(expressOffered(noExpress)).toBe(false);
    expect(() => deliveryFeeCents("express", 100_000, noExpress)).toThrow(
      "Express is not offered here.",
    );
    expect(deliveryFeeCents("express", 100_000, HOME)).toBe(39_900);
  });

  it("names every payment and delivery method", () => {
    for (const method of ["card", "payfast", "payflex"] as const) {
      expect(PAYMENT_METHOD_LABELS[method]).toMatch(/\w/);
    }
    expect(DELIVERY_METHOD_LABELS.standard).toMatch(/^Standard/);
    expect(DELIVERY_METHOD_LABELS.express).toMatch(/^Express/);
  });
});
