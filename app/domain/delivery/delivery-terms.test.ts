import { describe, expect, it } from "vitest";
import { deliveryTerms, type PricedZone } from "./delivery-terms";

const SHOP = {
  standardDeliveryCents: 29_900,
  freeDeliveryThresholdCents: 200_000,
  expressDeliveryCents: 29_900,
};

const HOME: PricedZone = {
  id: 1,
  name: "Home",
  postalCodes: ["2740"],
  towns: [],
  provinces: [],
  active: true,
  sortOrder: 0,
  standardFeeCents: 35_000,
  freeFromCents: null,
  expressFeeCents: null,
};

describe("deliveryTerms", () => {
  it.each([
    ["no zone at all: the shop's rates everywhere", [], "8001"],
    ["only inactive zones: the shop's rates everywhere", [{ ...HOME, active: false }], "8001"],
    ["no address typed yet: the shop's rates", [HOME], ""],
  ])("%s", (_, zones, postalCode) => {
    expect(deliveryTerms(zones, { postalCode, town: "" }, SHOP)).toEqual({
      quoted: false,
      zone: null,
      rates: SHOP,
    });
  });

  it("a covered address: the zone's rates, never free and without express as it says", () => {
    expect(deliveryTerms([HOME], { postalCode: "2740", town: "" }, SHOP)).toEqual({
      quoted: false,
      zone: { id: 1, name: "Home", by: "postal_code" },
      rates: {
        standardDeliveryCents: 35_000,
        freeDeliveryThresholdCents: null,
        expressDeliveryCents: null,
      },
    });
  });

  it("an address outside every active zone: quoted", () => {
    expect(deliveryTerms([HOME], { postalCode: "8001", town: "Cape Town" }, SHOP)).toEqual({
      quoted: true,
      zone: null,
    });
  });
});
