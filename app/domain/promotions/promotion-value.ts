import { amountInputValue, formatMoney } from "~/lib/money";

/** A percentage off the subtotal, or a fixed amount in Rand off it. */
export const PROMOTION_KINDS = ["percentage", "fixed"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percentage: "Percentage",
  fixed: "Fixed amount",
};

/** A promotion's value as the table keeps it: percent (1-100) or cents. */
export type PromotionValue = { kind: PromotionKind; value: number };

/** "10%" or "R500" ("R249.50"), through the shop's one money formatter. */
export function formatPromotionValue({ kind, value }: PromotionValue): string {
  return kind === "percentage" ? `${value}%` : formatMoney(value);
}

/** The value as the edit form shows it again: "10", or Rand with cents ("500.00"). */
export function promotionValueText({ kind, value }: PromotionValue): string {
  return kind === "percentage" ? String(value) : amountInputValue(value);
}
