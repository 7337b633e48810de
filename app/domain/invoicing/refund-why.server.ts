import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryQuotes, invoiceLines, invoices, orders, promotions } from "~/db/schema";
import { deliveryTermsFor } from "~/domain/delivery/active-zones.server";
import { formatMoney } from "~/lib/money";
import type { CreditLine } from "./credit-note-lines";
import { creditedSoFar } from "./credited-so-far.server";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** What a part refund leaves of the order's goods, as the shop's rules read it. */
export type RefundFacts = {
  promotionCode: string | null;
  /** The goods' share of the discount this refund takes off; 0 when none. */
  shareCents: number;
  /** Whether the refund credits goods (not an amount) of an order that had a discount. */
  goodsOfDiscountedOrder: boolean;
  /** The goods the promotion was for, at invoiced prices: before this refund and after it. */
  qualifying: { beforeCents: number; leftCents: number };
  minSpendCents: number;
  /** All the goods, at invoiced prices: before this refund and after it. */
  goods: { beforeCents: number; leftCents: number };
  /** The threshold that made standard delivery free; null when delivery was not free by it. */
  freeDeliveryFromCents: number | null;
};

/**
 * Why a refund pays back what it does, in words for the staff's refund preview
 * (docs/decisions/042): the goods' share of the discount, and what the shop does when what the
 * customer keeps falls below a promotion's minimum spend or the free-delivery threshold. The
 * shop's rule: the customer keeps the discount and the free delivery on what they keep; the
 * refund pays back what the returned goods cost them, nothing more is taken back.
 */
export function refundWhyLines(facts: RefundFacts): string[] {
  const code = facts.promotionCode ?? "the order's";
  const why: string[] = [];
  if (facts.shareCents > 0) {
    why.push(`Less ${money(facts.shareCents)}: these goods' share of the ${code} discount.`);
  } else if (facts.goodsOfDiscountedOrder) {
    why.push(`No discount is taken off: ${code} was not for these goods.`);
  }
  const { qualifying, goods } = facts;
  // A full refund leaves nothing to keep a discount or free delivery on.
  if (goods.leftCents <= 0) return why;
  if (
    facts.minSpendCents > 0 &&
    qualifying.beforeCents >= facts.minSpendCents &&
    qualifying.leftCents < facts.minSpendCents
  ) {
    why.push(
      `The goods ${code} was for that the customer keeps come to ${money(qualifying.leftCents)}, below its minimum spend of ${money(facts.minSpendCents)}: the customer keeps the discount on them; nothing is taken back for it.`,
    );
  }
  const from = facts.freeDeliveryFromCents;
  if (from !== null && goods.beforeCents >= from && goods.leftCents < from) {
    why.push(
      `The goods the customer keeps come to ${money(goods.leftCents)}, below free delivery's ${money(from)}: delivery stays free; nothing is taken back for it.`,
    );
  }
  return why;
}

/**
 * The facts refundWhyLines reads for a refund of these credit lines on the order, not yet made:
 * its invoice's goods and their shares of the discount, what earlier credit notes took, the
 * promotion's minimum spend and the delivery's free threshold for the order's address today.
 */
export async function refundWhy(orderId: number, creditLines: readonly CreditLine[]) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [invoice] = await db()
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (!order || !invoice) return [];
  const lines = await db()
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  const before = await creditedSoFar(invoice.id);
  const goodsLines = lines.filter((l) => l.unitPriceCents > 0 && l.sku !== "");
  const carrying = goodsLines.some((l) => l.discountCents > 0);
  const now = (position: number) =>
    creditLines
      .filter((c) => c.invoiceLinePosition === position)
      .reduce((sum, c) => sum + c.quantity, 0);
  const sums = (of: typeof goodsLines) => {
    const beforeCents = of.reduce(
      (sum, l) => sum + (l.quantity - (before.byPosition.get(l.position) ?? 0)) * l.unitPriceCents,
      0,
    );
    const leftCents =
      beforeCents - of.reduce((sum, l) => sum + now(l.position) * l.unitPriceCents, 0);
    return { beforeCents, leftCents };
  };
  const [promotion] = order.promotionId
    ? await db()
        .select({ minSpendCents: promotions.minSubtotalCents })
        .from(promotions)
        .where(eq(promotions.id, order.promotionId))
    : [];
  return refundWhyLines({
    promotionCode: order.promotionCode,
    shareCents: -creditLines
      .filter((c) => c.invoiceLinePosition === null && c.lineTotalCents < 0)
      .reduce((sum, c) => sum + c.lineTotalCents, 0),
    goodsOfDiscountedOrder:
      order.discountCents > 0 && creditLines.some((c) => c.invoiceLinePosition !== null),
    qualifying: sums(carrying ? goodsLines.filter((l) => l.discountCents > 0) : goodsLines),
    minSpendCents: order.discountCents > 0 ? (promotion?.minSpendCents ?? 0) : 0,
    goods: sums(goodsLines),
    freeDeliveryFromCents: await freeDeliveryFrom(order),
  });
}

/** The threshold that made the order's standard delivery free, as the address's rates say today. */
async function freeDeliveryFrom(order: typeof orders.$inferSelect) {
  if (order.deliveryMethod !== "standard" || order.deliveryCents > 0) return null;
  const [quoted] = await db()
    .select({ orderId: deliveryQuotes.orderId })
    .from(deliveryQuotes)
    .where(eq(deliveryQuotes.orderId, order.id));
  if (quoted) return null;
  const terms = await deliveryTermsFor({
    postalCode: order.postalCode,
    town: order.city,
    province: order.province,
  });
  if (terms.quoted) return null;
  // A zone whose standard delivery costs nothing anyway made nothing free.
  if (terms.rates.standardDeliveryCents === 0) return null;
  return terms.rates.freeDeliveryThresholdCents;
}
