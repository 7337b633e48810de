import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryQuotes } from "~/db/schema";
import { conflict, notFound } from "~/domain/errors";
import { notifyQuietly } from "~/domain/leads/shop-mail.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { getOrderDetails, type OrderDetails } from "~/domain/orders/get-order.server";
import {
  orderPageUrl,
  orderSummaryContent,
  orderSummaryText,
} from "~/domain/orders/order-mail.server";
import type { MailMessage } from "~/mail/mailer.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { DELIVERY_CARRIER_LABELS, type DeliveryCarrier } from "./quote-schemas";

export type GivenQuote = {
  carrier: DeliveryCarrier;
  carrierLabel: string;
  amountCents: number;
  note: string;
  quotedByEmail: string;
  createdAt: string;
};

/** The delivery quote given for an order, if any. */
export async function deliveryQuoteOf(orderId: number): Promise<GivenQuote | null> {
  const [row] = await db().select().from(deliveryQuotes).where(eq(deliveryQuotes.orderId, orderId));
  if (!row) return null;
  return {
    carrier: row.carrier,
    carrierLabel: DELIVERY_CARRIER_LABELS[row.carrier],
    amountCents: row.amountCents,
    note: row.note,
    quotedByEmail: row.quotedByEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The shopper's e-mail once staff have quoted: the goods, the delivery, the total, until when
 * the goods are held, and the order page's link on the shop's public origin (`siteUrl`, never
 * a request's Host) where they pay it or decline.
 */
export async function sendDeliveryQuoteMail(orderId: number, siteUrl: string) {
  const [order, quote] = await Promise.all([getOrderDetails(orderId), deliveryQuoteOf(orderId)]);
  if (!order || !quote) return;
  await notifyQuietly("delivery quote", (shop: StoreSettings) =>
    deliveryQuoteMail({ order, quote, siteUrl }, shop),
  );
}

/** The quote's e-mail: the goods, the delivery, the total, until when they are held, the link. */
export function deliveryQuoteMail(
  input: {
    order: OrderDetails;
    quote: { amountCents: number; carrierLabel: string; note: string | null };
    siteUrl: string;
  },
  shop: Pick<StoreSettings, "storeName">,
): MailMessage {
  const { order, quote, siteUrl } = input;
  const money = (cents: number) => formatMoney(cents, { cents: true });
  const quoted = `We have quoted the delivery of your order ${order.number}: ${money(quote.amountCents)} by ${quote.carrierLabel.toLowerCase()}.`;
  const held = `We hold the items for you until ${formatDateTime(order.payBy)}.`;
  const decline =
    "If you would rather not go ahead, you can decline the quote on the same page and we release the items. Nothing has been taken.";
  const pageUrl = orderPageUrl(siteUrl, order);
  const summary = orderSummaryContent(order);
  return {
    to: order.email,
    subject: `Delivery quote for your order ${order.number} at ${shop.storeName}: ${money(order.totalCents)}`,
    text: [
      `Dear ${order.firstName},`,
      "",
      quoted,
      ...(quote.note ? [quote.note] : []),
      "",
      orderSummaryText(order),
      "",
      `Total to pay: ${money(order.totalCents)}`,
      `${held} Pay on your order's page: ${pageUrl}`,
      "",
      decline,
    ].join("\n"),
    email: {
      heading: `Delivery quote for order ${order.number}`,
      paragraphs: [`Dear ${order.firstName},`, quoted, ...(quote.note ? [quote.note] : [])],
      lines: summary.lines,
      totals: [
        ...summary.totals.filter((t) => !t.strong),
        { label: "Total to pay", value: order.totalCents, strong: true },
      ],
      action: { label: "See the quote and pay", url: pageUrl },
      after: [summary.deliverTo, held, decline],
    },
  };
}

/**
 * The shopper declines the delivery quote (or the wait for it) from their order's page: the
 * order is cancelled through the one cancel path (`cancelOrder`), which releases its held
 * goods and gives back its promotion code's use. Only an order of the quote flow that is not
 * paid may be declined.
 */
export async function declineDeliveryQuote(order: { id: number; paymentStatus: string }) {
  const quoted =
    order.paymentStatus === "awaiting_quote" || (await deliveryQuoteOf(order.id)) !== null;
  if (!quoted) throw notFound("This order has no delivery quote to decline.");
  if (order.paymentStatus !== "awaiting_quote" && order.paymentStatus !== "unpaid") {
    throw conflict("This order can no longer be cancelled here. Please contact us.");
  }
  await cancelOrder({
    orderId: order.id,
    actor: { id: null, email: "shopper" },
    reason: "delivery quote declined",
  });
}

/**
 * What the shopper's order pages (by its link or in the account) show of the quote flow
 * (docs/decisions/041): the quote once given, whether the order is in the flow (awaiting the
 * quote, or quoted), and whether it may still be declined (pending and not paid).
 */
export async function shopperQuoteView(
  order: { id: number; status: string; paymentStatus: string },
  payable: boolean,
) {
  const quote = await deliveryQuoteOf(order.id);
  const quoteFlow = order.paymentStatus === "awaiting_quote" || quote !== null;
  return {
    quote: quote && {
      carrierLabel: quote.carrierLabel,
      amountCents: quote.amountCents,
      note: quote.note,
    },
    quoteFlow,
    canDecline:
      quoteFlow &&
      order.status === "awaiting_payment" &&
      (order.paymentStatus === "awaiting_quote" || payable),
  };
}
