import { daysFrom } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/**
 * What a cancelled lay-by costs the shopper (Consumer Protection Act s62, regulation 34): the
 * shop keeps a charge of at most 1% of the purchase price of the goods (after any discount on
 * them; delivery and add-ons are not goods) and refunds the rest of what was paid (s62(4)). No
 * charge when the shopper could not pay because of hospitalisation or death (s62(5)(a)), nor
 * when the shop cannot supply the goods (s62(2)-(3)): everything comes back, with interest.
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

/**
 * The price the charge is worked on (regulation 34: the purchase price of the goods): the
 * goods after any discount on them, without delivery or the delivery add-ons.
 */
export function laybyGoodsCents(order: { subtotalCents: number; discountCents: number }): number {
  return Math.max(0, order.subtotalCents - order.discountCents);
}

/** Regulation 34(1): the charge may not exceed one percent of the goods' purchase price. */
export const MAX_CANCELLATION_BASIS_POINTS = 100;

/** The shop's charge setting as it may be applied: whole hundredths of a percent, 0 to 1%. */
export function cappedChargeBasisPoints(basisPoints: number): number {
  return Math.max(0, Math.min(MAX_CANCELLATION_BASIS_POINTS, Math.floor(basisPoints)));
}

/** "1%", "0.5%": a charge in hundredths of a percent, in words. */
export function chargePercentText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}

/** The charge at a rate on the goods' price, before the limit of what was paid (to the cent, down). */
export function chargeAtRateCents(goodsCents: number, basisPoints: number): number {
  return Math.floor((goodsCents * cappedChargeBasisPoints(basisPoints)) / 10_000);
}

/** "1% of the price of the goods after the discount, R8,100.00": what the charge is worked on. */
export function chargeBasisWords(
  goods: { subtotalCents: number; discountCents: number },
  basisPoints: number,
): string {
  const percent = chargePercentText(cappedChargeBasisPoints(basisPoints));
  const price = formatMoney(laybyGoodsCents(goods), { cents: true });
  return goods.discountCents > 0
    ? `${percent} of the price of the goods after the discount, ${price}`
    : `${percent} of the price of the goods, ${price}`;
}

/** The interest rate a year the shop may set, in hundredths of a percent: 0 to 50%. */
export const MAX_INTEREST_BASIS_POINTS = 5_000;

/**
 * The interest on a lay-by's money when the shop cannot supply the goods (s62(3): "refund
 * ... with interest"): simple interest at the shop's annual rate on each payment, from the
 * day it was received to the day of the cancellation (calendar days, a year of 365), summed
 * and rounded once to the nearest cent.
 */
export function laybyInterestCents(options: {
  payments: readonly { amountCents: number; day: string }[];
  untilDay: string;
  /** A year, in hundredths of a percent (1175 = 11.75%). */
  basisPoints: number;
}): number {
  const rate = Math.max(0, Math.min(MAX_INTEREST_BASIS_POINTS, Math.floor(options.basisPoints)));
  const centDays = options.payments.reduce(
    (sum, p) => sum + p.amountCents * Math.max(0, daysFrom(p.day, options.untilDay)),
    0,
  );
  return Math.round((centDays * rate) / (10_000 * 365));
}

export type LaybyCancellation = {
  chargeCents: number;
  /** What was paid less the charge: the shopper's own money going back. */
  refundCents: number;
  /** Interest paid back on top (only when the shop cannot supply the goods). */
  interestCents: number;
  /** The calculation in words, for the e-mail (regulation 34(2): written details on request). */
  explanation: string[];
};

export function laybyCancellation(options: {
  /** The order's goods: the charge's basis is their price after the discount on them. */
  goods: { subtotalCents: number; discountCents: number };
  paidCents: number;
  /** The shop's setting, in hundredths of a percent (100 = 1%); capped here at 1% whatever it says. */
  chargeBasisPoints: number;
  /** Whether the charge applies (the default), or why not. */
  rule?: ChargeRule;
  /** The interest worked out (laybyInterestCents) and its rate a year: the shop cannot supply. */
  interest?: { cents: number; basisPoints: number };
}): LaybyCancellation {
  const { goods, paidCents } = options;
  const money = (cents: number) => formatMoney(cents, { cents: true });
  const byRate = chargeAtRateCents(laybyGoodsCents(goods), options.chargeBasisPoints);
  const rule = options.rule ?? "charge";
  const chargeCents = rule === "charge" ? Math.min(byRate, paidCents) : 0;
  const refundCents = paidCents - chargeCents;
  const interestCents = rule === "shop_cannot_supply" ? (options.interest?.cents ?? 0) : 0;
  const explanation = [`Paid so far: ${money(paidCents)}.`];
  if (rule === "hospitalisation_or_death") {
    explanation.push("No cancellation charge: the plan ended through hospitalisation or death.");
  } else if (rule === "shop_cannot_supply") {
    explanation.push(
      "No cancellation charge: we cannot supply the goods (Consumer Protection Act s62(2)-(3)), so everything you paid comes back.",
    );
    if (options.interest) {
      explanation.push(
        `Interest at ${chargePercentText(options.interest.basisPoints)} a year on each payment, from the day we received it to the day of cancellation: ${money(interestCents)}.`,
      );
    }
  } else {
    explanation.push(
      `Cancellation charge: ${chargeBasisWords(goods, options.chargeBasisPoints)} (delivery and add-ons not included) = ${money(byRate)}` +
        (chargeCents < byRate ? `, limited to what was paid: ${money(chargeCents)}.` : "."),
    );
  }
  explanation.push(`Refunded to you: ${money(refundCents + interestCents)}.`);
  return { chargeCents, refundCents, interestCents, explanation };
}
