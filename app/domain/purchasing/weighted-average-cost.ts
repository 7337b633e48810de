/**
 * A variant's cost after a receipt, as a weighted average of what is on hand and what came in:
 * (on hand x old cost + received x unit cost) / (on hand + received), in cents, rounded half up.
 * With no old cost or nothing on hand the receipt's unit cost is the cost; receiving nothing
 * leaves the cost as it was.
 */
export function weightedAverageCost(options: {
  /** Units on hand across every warehouse before the receipt. */
  onHandBefore: number;
  oldCostCents: number | null;
  received: number;
  unitCostCents: number;
}): number | null {
  const { onHandBefore, oldCostCents, received, unitCostCents } = options;
  if (received <= 0) return oldCostCents;
  if (oldCostCents === null || onHandBefore <= 0) return unitCostCents;
  // BigInt keeps large stock times large costs exact.
  const total =
    BigInt(onHandBefore) * BigInt(oldCostCents) + BigInt(received) * BigInt(unitCostCents);
  const units = BigInt(onHandBefore + received);
  // Half up for non-negative amounts: floor((2 x total + units) / (2 x units)).
  return Number((2n * total + units) / (2n * units));
}
