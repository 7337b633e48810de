import { formatMoney } from "~/lib/money";

/**
 * What a cancelled lay-by costs the shopper (Consumer Protection Act s62, regulation 34): the
 * shop keeps a charge of at most 1% of the full price and refunds the rest of what was paid
 * (s62(4)). No charge when the shopper could not pay because of hospitalisation or death
 * (s62(5)(a)), nor when the shop cannot supply the goods (s62(2)-(3)): everything comes back.
 */

/** Why a cancellation keeps the charge, or not (layby_plans.charge_rule). */
export const CHARGE_RULES = ["charge", "hospitalisation_or_death", "shop_cannot_supply"] as const;
export type ChargeRule = (typeof CHARGE_RULES)[number];

/** How staff choose it, and how the back office names a cancellation's charge. */
export const CHARGE_RULE_LABELS: Record<ChargeRule, string> = {
  charge: "The shopper's choice: the cancellation charge applies (s62(4))",
  hospitalisation_or_death: "Hospitalisation or death: no charge (s62(5)(a))",
  shop_cannot_supply: "The shop cannot supply the goods: no charge, everything back (s62(2)-(3))",
};

/** "no charge (the shop could not supply the goods)": the charge kept, in a few words. */
export function chargeWords(rule: ChargeRule, chargeCents: number): string {
  if (rule === "hospitalisation_or_death") return "no charge (hospitalisation or death)";
  if (rule === "shop_cannot_supply") return "no charge (the shop could not supply the goods)";
  return `charge ${formatMoney(chargeCents, { cents: true })}`;
}

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
  /** Whether the charge applies (the default), or why not. */
  rule?: ChargeRule;
}): LaybyCancellation {
  const { fullPriceCents, paidCents } = options;
  const percent = chargePercentText(cappedChargeBasisPoints(options.chargeBasisPoints));
  const byRate = chargeAtRateCents(fullPriceCents, options.chargeBasisPoints);
  const rule = options.rule ?? "charge";
  const chargeCents = rule === "charge" ? Math.min(byRate, paidCents) : 0;
  const refundCents = paidCents - chargeCents;
  const explanation = [`Paid so far: ${formatMoney(paidCents, { cents: true })}.`];
  if (rule === "hospitalisation_or_death") {
    explanation.push("No cancellation charge: the plan ended through hospitalisation or death.");
  } else if (rule === "shop_cannot_supply") {
    explanation.push(
      "No cancellation charge: we cannot supply the goods (Consumer Protection Act s62(2)-(3)), so everything you paid comes back.",
    );
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
