import { notifyQuietly } from "~/domain/leads/shop-mail.server";
import { getOrderDetails } from "~/domain/orders/get-order.server";
import { orderPageUrl } from "~/domain/orders/order-mail.server";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { instalmentName } from "./pay-instalment.server";
import { instalmentLabel } from "./schedule";
import { laybyPlanView } from "./plan-view.server";
import { settledWords, type InstalmentSettled } from "./settle-in-order";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * A lay-by payment received that did not finish the plan: a short receipt for the shopper
 * (what was received, which instalments it paid or part paid, paid so far, what is left in
 * total, and what is left on the next payment and its due day). The last one sends the usual
 * paid-order e-mails instead.
 */
export async function sendInstalmentReceipt(
  orderId: number,
  received: { amountCents: number; settled: InstalmentSettled[] },
  siteUrl: string,
) {
  const [order, plan] = await Promise.all([getOrderDetails(orderId), laybyPlanView(orderId)]);
  if (!order || !plan) return;
  const next = plan.next;
  const [only] = received.settled;
  // One whole instalment paid at once is named as it always was; any other amount by its amount.
  const whole =
    received.settled.length === 1 &&
    plan.instalments.find((i) => i.number === only!.number)?.amountCents === only!.appliedCents;
  const what = whole
    ? instalmentName(only!.number)
    : `Lay-by payment of ${money(received.amountCents)}`;
  await notifyQuietly("lay-by receipt", () => [
    {
      to: order.email,
      subject: `${what} received for order ${order.number}`,
      text: [
        `Dear ${order.firstName},`,
        "",
        `We have received your lay-by payment of ${money(received.amountCents)} for order ${order.number}: ${settledWords(received.settled)}.`,
        "",
        `Paid so far: ${money(plan.paidCents)} of ${money(order.totalCents)}.`,
        `Still to pay: ${money(plan.leftCents)}.`,
        ...(next
          ? [
              next.paidCents > 0
                ? `Next payment: ${money(next.leftCents)} left on the ${instalmentLabel(next.number).toLowerCase()} (${money(next.paidCents)} of ${money(next.amountCents)} paid), due on ${formatDay(next.dueDay)}.`
                : `Next payment: ${money(next.leftCents)} due on ${formatDay(next.dueDay)}.`,
            ]
          : []),
        "",
        "Your payments so far:",
        ...plan.instalments.map(
          (i) =>
            `${instalmentLabel(i.number)}, due ${formatDay(i.dueDay)}: ${money(i.amountCents)}, ${
              i.leftCents === 0
                ? "paid"
                : i.paidCents > 0
                  ? `${money(i.paidCents)} paid, ${money(i.leftCents)} left`
                  : "not paid yet"
            }`,
        ),
        "",
        "We keep your goods for you until the plan is paid in full; then we deliver them.",
        "",
        `Your order and its plan: ${orderPageUrl(siteUrl, order)}`,
      ].join("\n"),
    },
  ]);
}
