import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import {
  categories,
  products,
  promotionCategories,
  promotionProducts,
  promotionRedemptions,
  promotions,
  users,
  variants,
} from "~/db/schema";
import { DomainError } from "~/domain/errors";
import {
  isLimited,
  judgeRules,
  qualifies,
  type PromotionRules,
  type RuleLine,
} from "~/domain/promotions/promotion-rules";
import type { PromotionTerms } from "./totals";

export type Promotion = typeof promotions.$inferSelect;

/** A cart line as a promotion's rules read it: the variant and what the line costs. */
export type GoodsLine = { variantId: number; lineTotalCents: number };

/**
 * A promotion code that cannot be used on this order, said at the code's field. Placing an
 * order refuses with it as a conflict (409): the cart, the e-mail or the promotion changed
 * since the checkout's summary accepted the code.
 */
export class PromotionError extends DomainError {
  constructor(message: string) {
    super("conflict", message, { field: "promoCode", title: "Promotion code" });
    this.name = "PromotionError";
  }
}

/**
 * Why a code cannot take an order to R0.00 (docs/decisions/042): an order is confirmed by its
 * payment, and the shop takes no order online that nobody pays for. A code worth everything (a
 * prize) is honoured by staff on a hand-made invoice.
 */
export const freeOrderMessage = (code: string) =>
  `${code} would make this order free (R0.00), and an order online needs a payment to confirm it. Please contact us to use ${code}, or add to your order.`;

/**
 * Why a code cannot be used now by its switch, dates and usage limit, in words for the
 * shopper; null when it can. Its rules (goods, minimum spend, one per customer) come after.
 */
export function promotionProblem(
  promotion: Promotion | undefined,
  code: string,
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
  return null;
}

export async function findPromotion(code: string, executor: Tx | Db = db()) {
  const [row] = await executor
    .select()
    .from(promotions)
    .where(eq(promotions.code, code.trim().toUpperCase()));
  return row;
}

/** A promotion's rules: its minimum spend, one use per customer, and the goods it is for. */
export async function promotionRules(
  promotion: Pick<Promotion, "id" | "minSubtotalCents" | "oncePerCustomer">,
  executor: Tx | Db = db(),
): Promise<PromotionRules> {
  // One after the other: inside a transaction the queries share one connection.
  const forCategories = await executor
    .select({ id: categories.id, name: categories.name })
    .from(promotionCategories)
    .innerJoin(categories, eq(categories.id, promotionCategories.categoryId))
    .where(eq(promotionCategories.promotionId, promotion.id))
    .orderBy(categories.name);
  const forProducts = await executor
    .select({ id: products.id, title: products.title })
    .from(promotionProducts)
    .innerJoin(products, eq(products.id, promotionProducts.productId))
    .where(eq(promotionProducts.promotionId, promotion.id))
    .orderBy(products.title);
  return {
    minSpendCents: promotion.minSubtotalCents,
    oncePerCustomer: promotion.oncePerCustomer,
    categories: forCategories,
    products: forProducts,
  };
}

/** Each line's product and category, for rules limited to some goods. */
async function ruleLines(
  rules: PromotionRules,
  lines: readonly GoodsLine[],
  executor: Tx | Db,
): Promise<RuleLine[]> {
  const ids = lines.map((l) => l.variantId);
  const rows =
    isLimited(rules) && ids.length > 0
      ? await executor
          .select({
            variantId: variants.id,
            productId: products.id,
            categoryId: products.categoryId,
          })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(inArray(variants.id, ids))
      : [];
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  return lines.map((l) => ({
    productId: byVariant.get(l.variantId)?.productId ?? 0,
    categoryId: byVariant.get(l.variantId)?.categoryId ?? null,
    lineTotalCents: l.lineTotalCents,
  }));
}

/**
 * The e-mail as one use per customer compares it (docs/decisions/042): trimmed, in lower case,
 * without a "+tag" before the @ (one mailbox, however tagged), and for Gmail without dots in
 * the name and with googlemail.com read as gmail.com (Gmail delivers all of them to one
 * mailbox). Dots elsewhere are kept: other providers give a.b and ab to different people.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") name = name.replaceAll(".", "") || name;
  return `${name}@${domain}`;
}

/** Whether an order not cancelled has used the promotion with this e-mail. */
async function usedBy(promotionId: number, email: string, executor: Tx | Db) {
  const [row] = await executor
    .select({ orderId: promotionRedemptions.orderId })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionId, promotionId),
        eq(promotionRedemptions.emailKey, emailKey(email)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

type Judged = { ok: true; terms: PromotionTerms } | { ok: false; message: string };

/** A found, usable promotion's rules for these lines (and this e-mail, when known). */
async function judge(
  promotion: Promotion,
  lines: readonly GoodsLine[],
  email: string | null,
  executor: Tx | Db,
): Promise<Judged> {
  const rules = await promotionRules(promotion, executor);
  const judged = await ruleLines(rules, lines, executor);
  const verdict = judgeRules({
    code: promotion.code,
    rules,
    lines: judged,
    usedByCustomer:
      rules.oncePerCustomer && email !== null ? await usedBy(promotion.id, email, executor) : null,
  });
  if (!verdict.ok) return verdict;
  return {
    ok: true,
    terms: isLimited(rules)
      ? {
          kind: promotion.kind,
          value: promotion.value,
          qualifyingCents: verdict.qualifyingCents,
          qualifyingLines: judged.map((l) => qualifies(rules, l)),
        }
      : { kind: promotion.kind, value: promotion.value },
  };
}

/**
 * Checks a code for the checkout's summary (its Apply, and every change of the cart after): the
 * promotion and its terms for these lines, or why it cannot be used, by the rules placing the
 * order applies. One use per customer is judged as placing the order judges it: a guest is asked
 * to sign in, a signed-in shopper's use is counted against their account's confirmed address,
 * so no answer tells anything of another person's use (docs/decisions/042).
 */
export async function checkPromotion(
  code: string,
  lines: readonly GoodsLine[],
  shopper: { signedInUserId?: string | null } = {},
): Promise<
  { ok: true; promotion: Promotion; terms: PromotionTerms } | { ok: false; message: string }
> {
  const promotion = await findPromotion(code);
  const problem = promotionProblem(promotion, code);
  if (problem || !promotion) return { ok: false, message: problem ?? "" };
  const customer = promotion.oncePerCustomer
    ? await oneUseAccount(db(), promotion.code, shopper.signedInUserId)
    : null;
  if (customer && !customer.ok) return customer;
  const judged = await judge(promotion, lines, customer?.email ?? null, db());
  return judged.ok ? { ok: true, promotion, terms: judged.terms } : judged;
}

/**
 * Counts one use of the code inside the order's transaction, after checking its rules for
 * these lines and this e-mail. The usage limit's check and count are one conditional update
 * (which also holds the promotion's row until the order commits), so parallel checkouts never
 * use a code more often than its limit; `holdRedemption` then takes the shopper's use.
 */
export async function redeemPromotion(
  tx: Tx,
  options: {
    code: string;
    lines: readonly GoodsLine[];
    email: string;
    /** The signed-in shopper placing the order; a one-use code is theirs to use, not a guest's. */
    signedInUserId?: string | null;
  },
): Promise<Promotion & PromotionTerms & { customerEmail: string }> {
  const { code } = options;
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
      ),
    )
    .returning();
  if (!redeemed) {
    const promotion = await findPromotion(code, tx);
    throw new PromotionError(
      promotionProblem(promotion, code, now) ?? `The code ${code} cannot be used on this order.`,
    );
  }
  const account = redeemed.oncePerCustomer
    ? await oneUseAccount(tx, redeemed.code, options.signedInUserId)
    : null;
  if (account && !account.ok) throw new PromotionError(account.message);
  const customerEmail = account?.email ?? options.email;
  const judged = await judge(redeemed, options.lines, customerEmail, tx);
  if (!judged.ok) throw new PromotionError(judged.message);
  return { ...redeemed, ...judged.terms, customerEmail };
}

/**
 * The address a one-use code is counted against: the signed-in shopper's own, confirmed; or why
 * there is none. A guest's typed address is never asked about, so no one learns whether
 * another's address has used a code (docs/decisions/042). The summary's check and placing the
 * order both ask here, so they say the same.
 */
async function oneUseAccount(
  executor: Tx | Db,
  code: string,
  signedInUserId: string | null | undefined,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const [account] = signedInUserId
    ? await executor
        .select({ email: users.email, verified: users.emailVerified })
        .from(users)
        .where(eq(users.id, signedInUserId))
    : [];
  if (!account) {
    return { ok: false, message: `Sign in to use ${code}: it is for one use per customer.` };
  }
  if (!account.verified) {
    return {
      ok: false,
      message: `Confirm your e-mail address to use ${code}: it is for one use per customer. The link is in the e-mail we sent when you signed up.`,
    };
  }
  return { ok: true, email: account.email };
}

/**
 * Takes the shopper's use of a promotion for a new order, in its transaction. For a promotion
 * with one use per customer the table's unique index refuses a second order from the same
 * e-mail, even one placed at the same moment (it waits for the first to commit).
 */
export async function holdRedemption(
  tx: Tx,
  options: {
    orderId: number;
    promotion: Pick<Promotion, "id" | "code" | "oncePerCustomer">;
    email: string;
  },
) {
  const { promotion } = options;
  const taken = await tx
    .insert(promotionRedemptions)
    .values({
      orderId: options.orderId,
      promotionId: promotion.id,
      emailKey: emailKey(options.email),
      oncePerCustomer: promotion.oncePerCustomer,
    })
    .onConflictDoNothing()
    .returning({ orderId: promotionRedemptions.orderId });
  if (taken.length === 0) {
    throw new PromotionError(`You have already used ${promotion.code} (one use per customer).`);
  }
}

/**
 * An order that ends cancelled (by staff or the shopper, unpaid or paid, expired, its lay-by
 * cancelled, or everything on it refunded) gives its code back, in the caller's transaction:
 * the use no longer counts against the code's limit, and the shopper may use it again
 * (docs/decisions/042). The redemption row is the record of the use: a row erased with the
 * shopper's data leaves the count as it was.
 */
export async function givePromotionBack(tx: Tx, orderId: number) {
  const released = await tx
    .delete(promotionRedemptions)
    .where(eq(promotionRedemptions.orderId, orderId))
    .returning({ promotionId: promotionRedemptions.promotionId });
  for (const { promotionId } of released) {
    await tx
      .update(promotions)
      .set({ usedCount: sql`greatest(${promotions.usedCount} - 1, 0)` })
      .where(eq(promotions.id, promotionId));
  }
}
