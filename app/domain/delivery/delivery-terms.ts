import type { DeliveryRates } from "~/domain/orders/totals";
import { matchZone, type MatchableZone, type ZoneAddress, type ZoneMatchKind } from "./match-zone";

/** A zone's prices, as the table keeps them. */
export type PricedZone = MatchableZone & {
  standardFeeCents: number;
  freeFromCents: number | null;
  expressFeeCents: number | null;
};

/**
 * What delivery to an address costs: a zone's rates, the shop's own rates (no address yet, or
 * no zone defined at all), or "quoted" for an address outside every active zone.
 */
export type DeliveryTerms =
  | {
      quoted: false;
      /** The zone that covers the address; null when the shop's own rates apply. */
      zone: { id: number; name: string; by: ZoneMatchKind } | null;
      rates: DeliveryRates;
    }
  | { quoted: true; zone: null };

/** Whether the shopper has said where the goods go: a postal code or a town. */
export function addressGiven(address: ZoneAddress): boolean {
  return address.postalCode.trim() !== "" || address.town.trim() !== "";
}

/**
 * The delivery terms for an address (docs/decisions/035). Before an address is given, and while
 * the shop has no active zone, the shop's own rates (the settings the cart promises) apply;
 * otherwise the matched zone's, or "quoted" when no zone covers the address.
 */
export function deliveryTerms(
  zones: readonly PricedZone[],
  address: ZoneAddress,
  shopRates: DeliveryRates,
): DeliveryTerms {
  const active = zones.filter((z) => z.active);
  if (active.length === 0 || !addressGiven(address)) {
    return { quoted: false, zone: null, rates: shopRates };
  }
  const match = matchZone(active, address);
  if (!match) return { quoted: true, zone: null };
  const { zone, by } = match;
  return {
    quoted: false,
    zone: { id: zone.id, name: zone.name, by },
    rates: {
      standardDeliveryCents: zone.standardFeeCents,
      freeDeliveryThresholdCents: zone.freeFromCents,
      expressDeliveryCents: zone.expressFeeCents,
    },
  };
}
