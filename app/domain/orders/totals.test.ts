import { describe, expect, it } from "vitest";
import { addOnCharges, NO_ADD_ON_CHARGES, type AddOnChoice } from "./add-ons";
import { orderTotals, vatIncludedCents, type DeliveryRates, type PromotionTerms } from "./totals";

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
