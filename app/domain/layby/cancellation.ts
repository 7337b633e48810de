import { formatMoney } from "~/lib/money";

/**
 * What a cancelled lay-by costs the shopper (Consumer Protection Act s62(4)-(6), regulation 34):
 * the shop keeps a charge of at most 1% of the full price and refunds the rest of what was paid.
 * No charge when the shopper could not pay because of hospitalisation or death (s62(5)(a)).
 */

/** Regulation 34(1): the charge may not exceed one percent of the full purchase price. */
export const MAX_CANCELLATION_BASIS_POINTS = 100;

/** The shop's charge setting as it may be applied: whole hundredths of a percent, 0 to 1%. */
export function cappedChargeBasisPoints(basisPoints: number): number {
  return Math.max(0, Math.min(MAX_CANCELLATION_BASIS_POINTS, Math.floor(basisPoints)));
}

/** "1%", "0.5%": a charge in hundredths of a percent, in words. */
export function chargePercentText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}

/** The charge at a rate on a full price, before the limit of what was paid (to the cent, down). */
export function chargeAtRateCents(fullPriceCents: number, basisPoints: number): number {
  return Math.floor((fullPriceCents * cappedChargeBasisPoints(basisPoints)) / 10_000);
}

export type LaybyCancellation = {
  chargeCents: number;
  refundCents: number;
  /** The calculation in words, for the e-mail (regulation 34(2): written details on request). */
  explanation: string[];
};

export function laybyCancellation(options: {
  fullPriceCents: number;
  paidCents: number;
  /** The shop's setting, in hundredths of a percent (100 = 1%); capped here at 1% whatever it says. */
  chargeBasisPoints: number;
  /** s62(5)(a): the shopper could not complete because of hospitalisation or death. */
  waived?: boolean;
}): LaybyCancellation {
  const { fullPriceCents, paidCents } = options;
  const percent = chargePercentText(cappedChargeBasisPoints(options.chargeBasisPoints));
  const byRate = chargeAtRateCents(fullPriceCents, options.chargeBasisPoints);
  const chargeCents = options.waived ? 0 : Math.min(byRate, paidCents);
  const refundCents = paidCents - chargeCents;
  const explanation = [`Paid so far: ${formatMoney(paidCents, { cents: true })}.`];
  if (options.waived) {
    explanation.push("No cancellation charge: the plan ended through hospitalisation or death.");
  } else {
    explanation.push(
      `Cancellation charge: ${percent} of the full price ${formatMoney(fullPriceCents, { cents: true })} = ${formatMoney(byRate, { cents: true })}` +
        (chargeCents < byRate
          ? `, limited to what was paid: ${formatMoney(chargeCents, { cents: true })}.`
          : "."),
    );
  }
  explanation.push(`Refunded to you: ${formatMoney(refundCents, { cents: true })}.`);
  return { chargeCents, refundCents, explanation };
}
