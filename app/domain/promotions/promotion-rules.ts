import { formatMoney } from "~/lib/money";

/**
 * A promotion's rules beyond its value and dates (docs/decisions/042): a minimum spend, one
 * use per customer, and the goods it is limited to. No limits: the whole cart qualifies.
 */
export type PromotionRules = {
  /** The least the qualifying goods must come to, in cents; 0: no minimum. */
  minSpendCents: number;
  oncePerCustomer: boolean;
  /** The categories and products it is limited to (a line in either qualifies); none: all. */
  categories: { id: number; name: string }[];
  products: { id: number; title: string }[];
};

/** A cart line as the rules see it: what it is and what it costs. */
export type RuleLine = { productId: number; categoryId: number | null; lineTotalCents: number };

export const NO_RULES: PromotionRules = {
  minSpendCents: 0,
  oncePerCustomer: false,
  categories: [],
  products: [],
};

export type RuleVerdict =
  | { ok: true; qualifyingCents: number }
  | {
      ok: false;
      reason: "nothing_qualifies" | "below_minimum" | "used_by_customer";
      message: string;
    };

export function isLimited(rules: Pick<PromotionRules, "categories" | "products">): boolean {
  return rules.categories.length > 0 || rules.products.length > 0;
}

/** Whether a line is one the promotion is for. */
export function qualifies(rules: PromotionRules, line: RuleLine): boolean {
  if (!isLimited(rules)) return true;
  return (
    rules.products.some((p) => p.id === line.productId) ||
    (line.categoryId !== null && rules.categories.some((c) => c.id === line.categoryId))
  );
}

/** What the qualifying lines come to: the discount's base and what the minimum is counted on. */
export function qualifyingCents(rules: PromotionRules, lines: readonly RuleLine[]): number {
  return lines.filter((l) => qualifies(rules, l)).reduce((sum, l) => sum + l.lineTotalCents, 0);
}

/** "Mattresses", "Mattresses or Pillows", "Mattresses, Pillows or Comfort Foam": what it is for. */
export function scopeLabel(rules: Pick<PromotionRules, "categories" | "products">): string {
  const names = [...rules.categories.map((c) => c.name), ...rules.products.map((p) => p.title)];
  if (names.length <= 3) {
    return names.length <= 1
      ? (names[0] ?? "")
      : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  }
  return `${names.slice(0, 2).join(", ")} or ${names.length - 2} more`;
}

const rand = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Whether a code's rules let this cart and shopper use it, and if not why, in words for the
 * checkout's code field. Checked in this order: the goods it is limited to, the minimum spend
 * (on the qualifying lines), one use per customer. `usedByCustomer` is null when the shopper's
 * e-mail is not known yet (the quote): that rule is then left to placing the order.
 */
export function judgeRules(options: {
  code: string;
  rules: PromotionRules;
  lines: readonly RuleLine[];
  usedByCustomer: boolean | null;
}): RuleVerdict {
  const { code, rules, lines } = options;
  const limited = isLimited(rules);
  const base = qualifyingCents(rules, lines);
  if (limited && !lines.some((l) => qualifies(rules, l))) {
    return {
      ok: false,
      reason: "nothing_qualifies",
      message: `${code} applies to ${scopeLabel(rules)} only; nothing in your cart qualifies.`,
    };
  }
  if (base < rules.minSpendCents) {
    const short = rand(rules.minSpendCents - base);
    return {
      ok: false,
      reason: "below_minimum",
      message: limited
        ? `${code} needs a spend of ${rand(rules.minSpendCents)} on ${scopeLabel(rules)}; those items in your cart come to ${rand(base)} (${short} short).`
        : `${code} needs a spend of ${rand(rules.minSpendCents)} on goods; your cart is ${rand(base)} (${short} short).`,
    };
  }
  if (rules.oncePerCustomer && options.usedByCustomer) {
    return {
      ok: false,
      reason: "used_by_customer",
      message: `You have already used ${code} (one use per customer).`,
    };
  }
  return { ok: true, qualifyingCents: base };
}

/** The rules in short, for the promotions list: "Min. R5,000.00 · Once per customer · Mattresses". */
export function rulesSummary(rules: PromotionRules): string {
  const parts: string[] = [];
  if (rules.minSpendCents > 0) parts.push(`Min. ${rand(rules.minSpendCents)}`);
  if (rules.oncePerCustomer) parts.push("Once per customer");
  if (isLimited(rules)) parts.push(`Only ${scopeLabel(rules)}`);
  return parts.join(" · ");
}
