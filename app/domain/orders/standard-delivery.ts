import type { DeliveryRates } from "./totals";

/**
 * Standard delivery: free from the threshold (R2,000 at home) up, else the standard fee. Apart
 * from the order's totals: the cart's summary in the store layout needs this alone, and every
 * storefront page loads the layout's script.
 */
export function standardDeliveryFeeCents(
  subtotalCents: number,
  rates: Pick<DeliveryRates, "freeDeliveryThresholdCents" | "standardDeliveryCents">,
): number {
  const free = rates.freeDeliveryThresholdCents;
  return free !== null && subtotalCents >= free ? 0 : rates.standardDeliveryCents;
}
