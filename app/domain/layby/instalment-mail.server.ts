import { notifyQuietly } from "~/domain/leads/shop-mail.server";
import { getOrderDetails } from "~/domain/orders/get-order.server";
import { orderPageUrl } from "~/domain/orders/order-mail.server";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { instalmentName } from "./pay-instalment.server";
import { laybyPlanView } from "./plan-view.server";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * A lay-by payment received that did not finish the plan: a short receipt for the shopper
 * (the amount, paid so far, what is left and the next due day). The last one sends the usual
 * paid-order e-mails instead.
 */
export async function sendInstalmentReceipt(
  orderId: number,
  instalment: { instalmentNumber: number; amountCents: number },
  siteUrl: string,
) {
  const [order, plan] = await Promise.all([getOrderDetails(orderId), laybyPlanView(orderId)]);
  if (!order || !plan) return;
  const name = instalmentName(instalment.instalmentNumber);
  await notifyQuietly("lay-by receipt", () => [
    {
      to: order.email,
      subject: `${name} received for order ${order.number}`,
      text: [
        `Dear ${order.firstName},`,
        "",
        `We have received your ${name.toLowerCase()} of ${money(instalment.amountCents)} for order ${order.number}.`,
        "",
        `Paid so far: ${money(plan.paidCents)} of ${money(order.totalCents)}.`,
        `Still to pay: ${money(plan.leftCents)}.`,
        ...(plan.next
          ? [`Next payment: ${money(plan.next.amountCents)} due on ${formatDay(plan.next.dueDay)}.`]
          : []),
        "",
        "We keep your goods for you until the plan is paid in full; then we deliver them.",
        "",
        `Your order and its plan: ${orderPageUrl(siteUrl, order)}`,
      ].join("\n"),
    },
  ]);
}
