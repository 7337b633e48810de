import type { StoreSettings } from "~/domain/settings/store-settings.server";
import { formatDateTime } from "~/lib/dates";
import { paragraphsOf } from "~/mail/mail-content";
import type { MailMessage } from "~/mail/mailer.server";
import type { OrderDetails } from "./get-order.server";
import {
  deliveryDayText,
  orderPageUrl,
  orderSummaryContent,
  orderSummaryText,
} from "./order-mail.server";

/**
 * The pay reminder: an order placed a while ago (pay-reminder.server.ts) and still unpaid, its
 * items held until its time to pay runs out. Its lines, totals and delivery day, and the button
 * to pay on the order's page.
 */
export function payReminderMail(
  input: {
    order: OrderDetails;
    delivery: { day: string; zoneName: string } | null;
    siteUrl: string;
  },
  shop: Pick<StoreSettings, "storeName">,
): MailMessage {
  const { order, delivery, siteUrl } = input;
  const opening = `Thank you for your order ${order.number}. We have not received its payment yet: we hold the items for you until ${formatDateTime(order.payBy)}, then the order is cancelled. If your payment did not go through, you can pay on your order's page.`;
  const dayText = deliveryDayText(delivery, false);
  const summary = orderSummaryContent(order);
  const pageUrl = orderPageUrl(siteUrl, order);
  return {
    to: order.email,
    subject: `Your order ${order.number} at ${shop.storeName} is waiting for payment`,
    text: [
      `Dear ${order.firstName},`,
      "",
      opening,
      "",
      orderSummaryText(order),
      ...dayText,
      "",
      `See your order and pay: ${pageUrl}`,
    ].join("\n"),
    email: {
      heading: `Your order ${order.number} is waiting for payment`,
      paragraphs: [`Dear ${order.firstName},`, opening],
      lines: summary.lines,
      totals: summary.totals,
      after: [summary.deliverTo, ...paragraphsOf(dayText.join("\n"))],
      action: { label: "See your order and pay", url: pageUrl },
    },
  };
}
