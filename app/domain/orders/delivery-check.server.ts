import type { Tx } from "~/db/client.server";
import { loadActiveZones } from "~/domain/delivery/active-zones.server";
import { deliveryTerms } from "~/domain/delivery/delivery-terms";
import type { ZoneAddress } from "~/domain/delivery/match-zone";
import { DomainError } from "~/domain/errors";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import { expressOffered, type DeliveryMethod, type DeliveryRates } from "./totals";

/**
 * Rates that charge nothing yet, for an address whose delivery the shop has still to quote:
 * the order's total is its goods' until staff enter the quote (docs/decisions/041).
 */
export const TO_BE_QUOTED: DeliveryRates = {
  standardDeliveryCents: 0,
  freeDeliveryThresholdCents: null,
  expressDeliveryCents: 0,
};

/**
 * The delivery rates an order is charged, inside its transaction (docs/decisions/035). An
 * address outside every delivery zone is `quoted`: nothing charged yet, the shop quotes it
 * (docs/decisions/041); express where the zone offers none is refused at the delivery method.
 * Answers the zone too (null at the shop's own rates or quoted), whose days checkout books.
 */
export async function chargeableDelivery(
  tx: Tx,
  options: { address: ZoneAddress; method: DeliveryMethod; settings: StoreSettings },
): Promise<{ rates: DeliveryRates; zone: { id: number; name: string } | null; quoted: boolean }> {
  const { address, method, settings } = options;
  const terms = deliveryTerms(await loadActiveZones(tx), address, settings);
  if (terms.quoted) return { rates: TO_BE_QUOTED, zone: null, quoted: true };
  if (method === "express" && !expressOffered(terms.rates)) {
    throw new DomainError(
      "invalid",
      "Express delivery is not offered to this address. Please choose standard delivery.",
      {
        title: "Express not available",
        field: "deliveryMethod",
        fieldMessage: "Express delivery is not offered to this address.",
      },
    );
  }
  return {
    rates: terms.rates,
    zone: terms.zone ? { id: terms.zone.id, name: terms.zone.name } : null,
    quoted: false,
  };
}
