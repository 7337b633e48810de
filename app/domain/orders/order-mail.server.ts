import { orderInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { notifyQuietly } from "~/domain/leads/shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import { staffRecipients } from "~/domain/staff/staff-preferences.server";
import { formatMoney } from "~/lib/money";
import { getOrderDetails, type OrderDetails } from "./get-order.server";
import { DELIVERY_METHOD_LABELS } from "./totals";
import { ADD_ON_TEXT, addOnsTotalCents, chosenAddOns } from "./add-ons";
import { log } from "~/lib/log.server";
import { laybyPlanView, type LaybyPlanView } from "~/domain/layby/plan-view.server";
import { chargeAtRateCents, chargePercentText, laybyGoodsCents } from "~/domain/layby/cancellation";
import { formatDay } from "~/lib/dates";
import { formatLongDay } from "~/domain/delivery/day-names";
import { bookedDelivery } from "~/domain/delivery/shopper-delivery.server";
import { addressLines, deliveryContactLines } from "~/domain/addresses/format-address";
import { paragraphsOf, type MailLine, type MailTotal } from "~/mail/mail-content";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server";

const money = (cents: number) => formatMoney(cents, { cents: true });

export function orderPageUrl(siteUrl: string, order: { number: number; token: string }) {
  return `${siteUrl}/orders/${order.number}?token=${encodeURIComponent(order.token)}`;
}

/** The order's lines and money as every order e-mail shows them. */
export function orderSummaryText(order: OrderDetails): string {
  const lines = order.lines.map(
    (l) => `${l.quantity} x ${l.title} (${l.size}, ${l.sku})  ${money(l.lineTotalCents)}`,
  );
  return [
    ...lines,
    "",
    `Subtotal: ${money(order.subtotalCents)}`,
    ...(order.discountCents > 0
      ? [
          `Discount${order.promotionCode ? ` (${order.promotionCode})` : ""}: -${money(order.discountCents)}`,
        ]
      : []),
    order.paymentStatus === "awaiting_quote"
      ? "Delivery: to be quoted by the shop"
      : `Delivery: ${order.deliveryCents === 0 ? "Free" : money(order.deliveryCents)} - ${DELIVERY_METHOD_LABELS[order.deliveryMethod]}`,
    ...chosenAddOns(order).map(({ addOn, cents }) => `${ADD_ON_TEXT[addOn].line}: ${money(cents)}`),
    `Total: ${money(order.totalCents)}${order.paymentStatus === "awaiting_quote" ? ` (${addOnsTotalCents(order) > 0 ? "the goods and add-ons" : "the goods"}; delivery to be added)` : ""}`,
    `VAT included (15%): ${money(order.vatCents)}`,
    "",
    "Deliver to:",
    `${order.firstName} ${order.lastName}, ${order.phone}`,
    ...addressLines(order),
    ...deliveryContactLines(order),
  ].join("\n");
}

/** The order's lines, money and delivery address as the HTML part lays them out. */
export function orderSummaryContent(order: OrderDetails): {
  lines: MailLine[];
  totals: MailTotal[];
  deliverTo: string;
} {
  const quoted = order.paymentStatus === "awaiting_quote";
  const totals: MailTotal[] = [
    { label: "Subtotal", value: order.subtotalCents },
    ...(order.discountCents > 0
      ? [
          {
            label: `Discount${order.promotionCode ? ` (${order.promotionCode})` : ""}`,
            value: `-${money(order.discountCents)}`,
          },
        ]
      : []),
    {
      label: DELIVERY_METHOD_LABELS[order.deliveryMethod],
      value: quoted ? "To be quoted" : order.deliveryCents === 0 ? "Free" : order.deliveryCents,
    },
    ...chosenAddOns(order).map(({ addOn, cents }) => ({
      label: ADD_ON_TEXT[addOn].line,
      value: cents,
    })),
    { label: quoted ? "Total before delivery" : "Total", value: order.totalCents, strong: true },
    { label: "VAT included (15%)", value: order.vatCents },
  ];
  return {
    lines: order.lines.map((l) => ({
      description: `${l.title} (${l.size}, ${l.sku})`,
      quantity: l.quantity,
      amountCents: l.lineTotalCents,
    })),
    totals,
    deliverTo: [
      "Deliver to:",
      `${order.firstName} ${order.lastName}, ${order.phone}`,
      ...addressLines(order),
      ...deliveryContactLines(order),
    ].join("\n"),
  };
}

/**
 * A lay-by's terms as agreed, for the confirmation (the written record of s62's terms): each
 * payment with its due day, and the cancellation charge rule.
 */
export function laybyTermsText(
  plan: LaybyPlanView,
  goods: { subtotalCents: number; discountCents: number },
): string[] {
  const percent = chargePercentText(plan.chargeBasisPoints);
  const charge = chargeAtRateCents(laybyGoodsCents(goods), plan.chargeBasisPoints);
  return [
    `Lay-by over ${plan.months} month${plan.months === 1 ? "" : "s"}:`,
    ...plan.instalments.map(
      (i) =>
        `${i.number === 0 ? "Deposit" : `Instalment ${i.number}`}, due ${formatDay(i.dueDay)}: ${money(i.amountCents)}`,
    ),
    "",
    `We keep the goods for you until the last payment, then deliver them. If you cancel before paying in full, or have not paid in full 60 business days after the last due day (by ${formatDay(plan.lapseDay)}), the plan is cancelled and we refund what you paid less a cancellation charge of ${percent} of the price of the goods, delivery and add-ons not included (${money(charge)}), never more than you have paid; no charge if you cannot complete because of hospitalisation or death.`,
  ];
}

/** The delivery day booked with the order, as the confirmation states it. */
export function deliveryDayText(
  delivery: { day: string; zoneName: string } | null,
  layby: boolean,
): string[] {
  if (delivery) {
    return [
      "",
      `Delivery day: ${formatLongDay(delivery.day)} (${delivery.zoneName}). You can move it on your order's page until the day before.`,
    ];
  }
  return layby
    ? ["", "Delivery day: we book it when your lay-by is paid in full, and tell you by e-mail."]
    : [];
}

/** How staff reach the order in the back office. */
function adminOrderUrl(siteUrl: string, order: { number: number }) {
  return `${siteUrl}/admin/orders/${order.number}`;
}

/**
 * The order has been placed: a "new order" e-mail to each owner and staff member with New Orders
 * on (Settings > Notifications), and the shopper's confirmation when the order is not paid at
 * once (a lay-by, a delivery to quote). An order paid at the provider's page gets its one
 * confirmation when paid (`paymentMails`); one left unpaid, its pay reminder (pay-reminder.server.ts).
 */
export async function sendOrderConfirmation(orderId: number, siteUrl: string) {
  const [order, plan, delivery] = await Promise.all([
    getOrderDetails(orderId),
    laybyPlanView(orderId),
    bookedDelivery(orderId),
  ]);
  if (!order) return;
  const staff = await staffRecipients("newOrders").catch((error: unknown) => {
    log.error({ err: error }, "Could not read who gets new-order e-mails");
    return [];
  });
  await notifyQuietly("order confirmation", (shop: StoreSettings) =>
    orderConfirmationMails({ order, plan, delivery, staff, siteUrl }, shop),
  );
}

/**
 * What the order's placing sends: each staff member's notice and, for a lay-by or a delivery to
 * quote only, the shopper's confirmation (first). Any other order is on its way to the payment
 * provider's page: the shopper hears from us when it is paid, or when it is still unpaid later.
 */
export function orderConfirmationMails(
  input: {
    order: OrderDetails;
    plan: LaybyPlanView | null;
    delivery: { day: string; zoneName: string } | null;
    /** Staff with New Orders on. */
    staff: string[];
    siteUrl: string;
  },
  shop: Pick<StoreSettings, "storeName">,
): MailMessage[] {
  const { order, plan, delivery, staff, siteUrl } = input;
  const quoted = order.paymentStatus === "awaiting_quote";
  const opening = quoted
    ? `Thank you for your order ${order.number}. No delivery zone of ours covers your address, so we quote its delivery ourselves: we hold the items for you, and nothing is to pay yet. We will e-mail you the delivery quote and the total, with a link to pay it.`
    : `Thank you for your order ${order.number}. We hold the items for you until it is paid.`;
  const dayText = deliveryDayText(delivery, plan !== null);
  const terms = plan ? laybyTermsText(plan, order) : [];
  const summary = orderSummaryContent(order);
  const pageUrl = orderPageUrl(siteUrl, order);
  const toShopper: MailMessage[] = [];
  if (quoted || plan) {
    toShopper.push({
      to: order.email,
      subject: `Your order ${order.number} at ${shop.storeName}`,
      text: [
        `Dear ${order.firstName},`,
        "",
        opening,
        "",
        orderSummaryText(order),
        ...dayText,
        ...(terms.length ? ["", ...terms] : []),
        "",
        `See your order${quoted ? "" : " and its payment"}: ${pageUrl}`,
      ].join("\n"),
      email: {
        heading: `Thank you for your order ${order.number}`,
        paragraphs: [`Dear ${order.firstName},`, opening],
        lines: summary.lines,
        totals: summary.totals,
        after: [summary.deliverTo, ...paragraphsOf([...dayText, "", ...terms].join("\n"))],
        action: { label: quoted ? "See your order" : "See your order and pay", url: pageUrl },
      },
    });
  }
  return [
    ...toShopper,
    ...staff.map((to) => ({
      to,
      replyTo: order.email,
      subject: `New order ${order.number}: ${money(order.totalCents)}, awaiting ${quoted ? "a delivery quote" : plan ? "lay-by deposit" : "payment"}`,
      text: [
        quoted
          ? `${order.firstName} ${order.lastName} placed order ${order.number} to an address outside every delivery zone. Quote its delivery in Deliveries > Quotes to give: ${siteUrl}/admin/deliveries/quotes`
          : `${order.firstName} ${order.lastName} placed order ${order.number} (${order.paymentMethodLabel}). It is not paid yet.`,
        "",
        `Customer: ${order.firstName} ${order.lastName} <${order.email}>, ${order.phone}`,
        "",
        orderSummaryText(order),
        "",
        `In the back office: ${adminOrderUrl(siteUrl, order)}`,
        "",
        "You get this because New Orders is on in your notification settings.",
      ].join("\n"),
      email: {
        heading: `New order ${order.number}`,
        paragraphs: [
          quoted
            ? `${order.firstName} ${order.lastName} placed order ${order.number} to an address outside every delivery zone: quote its delivery in Deliveries > Quotes to give.`
            : `${order.firstName} ${order.lastName} placed order ${order.number} (${order.paymentMethodLabel}). It is not paid yet.`,
          `Customer: ${order.firstName} ${order.lastName}, ${order.email}, ${order.phone}`,
        ],
        lines: summary.lines,
        totals: summary.totals,
        after: [
          summary.deliverTo,
          "You get this because New Orders is on in your notification settings.",
        ],
        action: { label: "Open the order", url: adminOrderUrl(siteUrl, order) },
      },
    })),
  ];
}

/** The paid order's tax invoice as an attachment, or null when it could not be made. */
async function invoiceAttachment(orderId: number) {
  const invoice = await orderInvoice(orderId);
  if (!invoice) return null;
  try {
    const { filename, pdf } = await renderInvoicePdf({ invoiceId: invoice.id });
    return {
      invoiceNumber: invoice.invoiceNumber,
      attachment: { filename, content: pdf, contentType: "application/pdf" },
    };
  } catch (error) {
    log.error({ err: error, invoice: invoice.invoiceNumber }, "Could not make an invoice's PDF");
    return null;
  }
}

/**
 * Paid in full: the shopper's one e-mail for it, with the order's tax invoice attached (an order
 * paid at once: its confirmation; a lay-by's last payment: the receipt), and a payment
 * confirmation to each owner and staff member with Payment Confirmations on.
 */
export async function sendPaymentMails(orderId: number, siteUrl: string) {
  const [order, plan, delivery] = await Promise.all([
    getOrderDetails(orderId),
    laybyPlanView(orderId),
    bookedDelivery(orderId),
  ]);
  if (!order) return;
  const invoice = await invoiceAttachment(orderId);
  const staff = await staffRecipients("paymentConfirmations").catch((error: unknown) => {
    log.error({ err: error }, "Could not read who gets payment e-mails");
    return [];
  });
  await notifyQuietly("payment received", (shop: StoreSettings) =>
    paymentMails({ order, plan, delivery, staff, invoice, siteUrl }, shop),
  );
}

/**
 * What paying in full sends: the shopper's one e-mail (with the invoice) and each staff member's
 * notice. An order paid at once had no e-mail at its placing, so its shopper's e-mail is the
 * order's confirmation: confirmed and paid, its lines and totals, its delivery day when one is
 * booked. A lay-by was confirmed when agreed: its last payment gets the receipt.
 */
export function paymentMails(
  input: {
    order: OrderDetails;
    plan: LaybyPlanView | null;
    delivery: { day: string; zoneName: string } | null;
    /** Staff with Payment Confirmations on. */
    staff: string[];
    invoice: { invoiceNumber: string; attachment: MailAttachment } | null;
    siteUrl: string;
  },
  shop: Pick<StoreSettings, "storeName">,
): MailMessage[] {
  const { order, plan, delivery, staff, invoice, siteUrl } = input;
  const received = plan
    ? `We have received your last lay-by payment: order ${order.number} (${money(order.totalCents)}) is paid in full. ${delivery ? `We have booked its delivery for ${formatLongDay(delivery.day)} (${delivery.zoneName}), the earliest free day: you can move it on your order's page until the day before.` : "We will be in touch to arrange delivery."}`
    : `Thank you for your order ${order.number}. We have received your payment of ${money(order.totalCents)}: your order is confirmed.${delivery ? "" : " We will be in touch to arrange delivery."}`;
  const dayText = plan ? [] : deliveryDayText(delivery, false);
  const attached = invoice ? [`Your tax invoice ${invoice.invoiceNumber} is attached.`] : [];
  const summary = orderSummaryContent(order);
  const pageUrl = orderPageUrl(siteUrl, order);
  const paidTotals = [
    ...summary.totals,
    { label: plan ? "Paid in full" : "Paid", value: order.totalCents, strong: true },
  ];
  const heading = plan
    ? `Payment received for order ${order.number}`
    : `Order ${order.number} is confirmed and paid`;
  return [
    {
      to: order.email,
      subject: plan
        ? `Payment received for order ${order.number}`
        : `Your order ${order.number} at ${shop.storeName} is confirmed and paid`,
      text: [
        `Dear ${order.firstName},`,
        "",
        received,
        ...attached.flatMap((line) => ["", line]),
        "",
        orderSummaryText(order),
        ...dayText,
        "",
        `Your order: ${pageUrl}`,
      ].join("\n"),
      email: {
        heading,
        paragraphs: [`Dear ${order.firstName},`, received, ...attached],
        lines: summary.lines,
        totals: paidTotals,
        after: [summary.deliverTo, ...paragraphsOf(dayText.join("\n"))],
        action: { label: "See your order", url: pageUrl },
      },
      attachments: invoice ? [invoice.attachment] : undefined,
    },
    ...staff.map((to) => ({
      to,
      replyTo: order.email,
      subject: `New paid order ${order.number}: ${money(order.totalCents)}`,
      text: [
        `Order ${order.number} has been paid (${order.paymentMethodLabel}).`,
        "",
        `Customer: ${order.firstName} ${order.lastName} <${order.email}>, ${order.phone}`,
        "",
        orderSummaryText(order),
        "",
        `In the back office: ${adminOrderUrl(siteUrl, order)}`,
        "",
        "You get this because Payment Confirmations is on in your notification settings.",
      ].join("\n"),
      email: {
        heading: `Order ${order.number} is paid`,
        paragraphs: [
          `Order ${order.number} has been paid (${order.paymentMethodLabel}).`,
          `Customer: ${order.firstName} ${order.lastName}, ${order.email}, ${order.phone}`,
        ],
        lines: summary.lines,
        totals: paidTotals,
        after: [
          summary.deliverTo,
          "You get this because Payment Confirmations is on in your notification settings.",
        ],
        action: { label: "Open the order", url: adminOrderUrl(siteUrl, order) },
      },
    })),
  ];
}
