import { and, eq, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { promotions } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { formatMoney } from "~/lib/money";
import type { PromotionTerms } from "./totals";

export type Promotion = typeof promotions.$inferSelect;

/** A promotion code that cannot be used on this order, said for the code's field. */
export class PromotionError extends DomainError {
  constructor(message: string) {
    super("invalid", message, { field: "promoCode", title: "Promotion code" });
    this.name = "PromotionError";
  }
}

/**
 * Why a code cannot be used on a subtotal now, in words for the shopper; null when it can.
 * The same rules are enforced again, atomically, when the order is placed (`redeemPromotion`).
 */
export function promotionProblem(
  promotion: Promotion | undefined,
  code: string,
  subtotalCents: number,
  now = new Date(),
): string | null {
  if (!promotion) return `"${code}" is not a valid promotion code.`;
  if (!promotion.active) return `The code ${promotion.code} is no longer active.`;
  if (promotion.startsAt && promotion.startsAt > now) {
    return `The code ${promotion.code} cannot be used yet.`;
  }
  if (promotion.endsAt && promotion.endsAt <= now) {
    return `The code ${promotion.code} has expired.`;
  }
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) {
    return `The code ${promotion.code} has been used the maximum number of times.`;
  }
  if (subtotalCents < promotion.minSubtotalCents) {
    return `The code ${promotion.code} needs a subtotal of at least ${formatMoney(promotion.minSubtotalCents)}.`;
  }
  return null;
}

export async function findPromotion(code: string, executor: Tx | Db = db()) {
  const [row] = await executor
    .select()
    .from(promotions)
    .where(eq(promotions.code, code.trim().toUpperCase()));
  return row;
}

/** Checks a code for a quote; the promotion's terms, or the reason it cannot be used. */
export async function checkPromotion(
  code: string,
  subtotalCents: number,
): Promise<{ ok: true; promotion: Promotion } | { ok: false; message: string }> {
  const promotion = await findPromotion(code);
  const problem = promotionProblem(promotion, code, subtotalCents);
  return problem || !promotion ? { ok: false, message: problem ?? "" } : { ok: true, promotion };
}

/**
 * Counts one use of the code inside the order's transaction. The check and the count are one
 * conditional update, so parallel checkouts can never use a code more often than its limit.
 */
export async function redeemPromotion(
  tx: Tx,
  code: string,
  subtotalCents: number,
): Promise<Promotion & PromotionTerms> {
  const now = new Date();
  const [redeemed] = await tx
    .update(promotions)
    .set({ usedCount: sql`${promotions.usedCount} + 1` })
    .where(
      and(
        eq(promotions.code, code),
        eq(promotions.active, true),
        sql`(${promotions.startsAt} is null or ${promotions.startsAt} <= ${now})`,
        sql`(${promotions.endsAt} is null or ${promotions.endsAt} > ${now})`,
        sql`(${promotions.usageLimit} is null or ${promotions.usedCount} < ${promotions.usageLimit})`,
        sql`${promotions.minSubtotalCents} <= ${subtotalCents}`,
      ),
    )
    .returning();
  if (redeemed) return redeemed;
  const promotion = await findPromotion(code, tx);
  throw new PromotionError(
    promotionProblem(promotion, code, subtotalCents, now) ??
      `The code ${code} cannot be used on this order.`,
  );
}

/** Gives a use back when an unpaid order is cancelled or expires. */
export async function returnPromotionUse(tx: Tx, promotionId: number) {
  await tx
    .update(promotions)
    .set({ usedCount: sql`greatest(${promotions.usedCount} - 1, 0)` })
    .where(eq(promotions.id, promotionId));
}
