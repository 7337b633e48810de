import { useEffect, useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { Icon } from "~/components/store/icon";
import { clearCart } from "~/domain/cart/cart-store";
import type { LaybyPlanView } from "~/domain/layby/plan-view.server";
import type { ShopperOrder } from "~/domain/orders/get-order.server";
import { orderStageView, type StageFacts } from "~/domain/orders/order-stage-view";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { notify } from "~/lib/notify";

/**
 * Where a shopper lands back from a payment provider (`?from=payment`), on the order page by
 * its link or on their account's order page: the first arrival after an approved payment says
 * so once, empties the cart and tidies the address; a payment the provider has not confirmed
 * yet is looked for again every 3 seconds for a minute. Answers whether it is still waiting.
 */
export function usePaymentReturn(order: ShopperOrder, layby: LaybyPlanView | null) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromPayment = params.get("from") === "payment";
  const latest = order.payments[0];
  // A lay-by instalment that did not finish the plan (the deposit is the order's first payment).
  const laybyPaid =
    order.paymentStatus === "partially_paid" &&
    (layby?.instalments.filter((i) => i.state === "paid").length ?? 0) > 1;

  // First arrival back from a paid payment: say so once, empty the cart, tidy the address.
  useEffect(() => {
    if (!fromPayment || latest?.status !== "approved") return;
    clearCart();
    notify.success(laybyPaid ? "Lay-by payment received" : "Order Placed Successfully!", {
      description: laybyPaid
        ? `Thank you. A receipt for order ${order.number} will be sent to ${order.email}.`
        : `Your order number is ${order.number}. A confirmation e-mail will be sent to ${order.email}.`,
    });
    const next = new URLSearchParams(params);
    next.delete("from");
    void navigate({ search: `?${next}` }, { replace: true, preventScrollReset: true });
  }, [fromPayment, latest?.status, laybyPaid, order.number, order.email, params, navigate]);

  // Just placed with its delivery to be quoted: nothing goes to a provider, so the cart empties now.
  const fromQuotedCheckout = params.get("from") === "quote";
  useEffect(() => {
    if (!fromQuotedCheckout) return;
    clearCart();
    notify.success("Order Placed", {
      description: `Your order number is ${order.number}. We will e-mail ${order.email} the delivery quote.`,
    });
    const next = new URLSearchParams(params);
    next.delete("from");
    void navigate({ search: `?${next}` }, { replace: true, preventScrollReset: true });
  }, [fromQuotedCheckout, order.number, order.email, params, navigate]);

  // Back from a provider whose confirmation may still be on its way: look again for a minute.
  const revalidator = useRevalidator();
  const [waited, setWaited] = useState(0);
  const waiting = fromPayment && order.payable && latest?.status === "pending" && waited < 20;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaited((n) => n + 1);
      void revalidator.revalidate();
    }, 3000);
    return () => clearTimeout(timer);
  }, [waiting, waited, revalidator]);

  return { fromPayment, waiting };
}

/**
 * The order's latest news, in one notice: once it is paid (or cancelled), its stage
 * (orderStageView: booked, out for delivery, delivered, cancelled and refunded); before, what
 * became of its payment.
 */
export function PaymentState({
  order,
  stage,
  waiting,
  layby,
  quoted = false,
}: {
  order: ShopperOrder;
  /** What the order's stage is made of (orderStageFacts). */
  stage: StageFacts;
  waiting: boolean;
  layby: LaybyPlanView | null;
  /** The order's delivery is (or was to be) quoted by the shop (docs/decisions/041). */
  quoted?: boolean;
}) {
  const latest = order.payments[0];
  // Paid back in full while its goods are still to come (a refund by amount): say so first.
  if (order.paymentStatus === "refunded" && order.status !== "cancelled") {
    return (
      <Notice tone="good" title="Refunded">
        We have paid this order back in full, the way you paid.
      </Notice>
    );
  }
  // Paid, then cancelled: what was paid back (a cancelled lay-by's rule is told below, and an
  // order never paid says why it was cancelled).
  const paidThenCancelled =
    order.status === "cancelled" &&
    !layby &&
    order.paymentStatus !== "unpaid" &&
    order.paymentStatus !== "awaiting_quote";
  if (
    paidThenCancelled ||
    (order.status !== "cancelled" &&
      order.status !== "awaiting_payment" &&
      order.status !== "layby")
  ) {
    const view = orderStageView(stage);
    return (
      <Notice tone={view.tone} title={view.title}>
        {view.sentence}
        {view.stage === "to_book" || view.stage === "booked"
          ? ` A confirmation was sent to ${order.email}.`
          : ""}
      </Notice>
    );
  }
  if (order.status === "cancelled" && quoted && order.paymentStatus !== "paid") {
    return (
      <Notice tone="bad" title="This order was cancelled">
        The items were released and nothing was taken. You are welcome to order again.
      </Notice>
    );
  }
  if (order.paymentStatus === "awaiting_quote" && order.status !== "cancelled") {
    return (
      <Notice tone="wait" title="Awaiting your delivery quote">
        No delivery zone of ours covers your address, so we are quoting its delivery. We hold your
        items, and nothing is to pay yet: we will e-mail you the delivery cost and the total, with a
        link to pay it here.
      </Notice>
    );
  }
  if (order.status === "cancelled" && layby && layby.cancelReason !== "unpaid_deposit") {
    return (
      <Notice tone="bad" title="This lay-by was cancelled">
        The items were released. What you paid, less any cancellation charge, is refunded as shown
        below; we e-mailed you the calculation.
      </Notice>
    );
  }
  if (order.status === "cancelled") {
    return (
      <Notice tone="bad" title="This order was cancelled">
        It was not paid in time, so the items were released. You are welcome to order again.
      </Notice>
    );
  }
  if (!order.payable) {
    return (
      <Notice tone="bad" title="This order can no longer be paid">
        Please contact us if you need help with it.
      </Notice>
    );
  }
  if (latest?.status === "declined") {
    return (
      <Notice tone="bad" title="Your payment was declined">
        Nothing was taken. Try again, or choose another payment method below.
      </Notice>
    );
  }
  if (latest?.status === "pending" && waiting) {
    return (
      <Notice tone="wait" title="Confirming your payment">
        We are waiting for the payment provider to confirm. This page updates by itself.
      </Notice>
    );
  }
  if (layby && order.paymentStatus === "partially_paid") {
    return (
      <Notice tone="wait" title="Lay-by in progress">
        We hold your items while you pay.
        {layby.next
          ? ` Next payment: ${formatMoney(layby.next.amountCents, { cents: true })}, due ${formatDay(layby.next.dueDay)}.`
          : ""}
      </Notice>
    );
  }
  // A quoted order is held for days: its time to pay names the day as well.
  const payBy = new Date(order.payBy);
  const until = payBy.toLocaleString("en-ZA", {
    timeZone: "Africa/Johannesburg",
    ...(payBy.getTime() - Date.now() > 12 * 60 * 60_000
      ? { weekday: "long", day: "numeric", month: "long" }
      : {}),
    hour: "2-digit",
    minute: "2-digit",
  });
  return (
    <Notice tone="wait" title="Waiting for payment">
      We hold your items until {until}.{" "}
      {layby ? "Pay the deposit below to start your lay-by." : "Pay below to complete your order."}
    </Notice>
  );
}

export function Notice({
  tone,
  title,
  children,
}: {
  tone: "good" | "bad" | "wait";
  title: string;
  children: React.ReactNode;
}) {
  const icon =
    tone === "good" ? "circle-check" : tone === "bad" ? "circle-exclamation-point" : "clock";
  return (
    <div
      role="status"
      className={
        tone === "good"
          ? "mt-6 flex gap-3 rounded-lg border border-green-600/40 bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100"
          : tone === "bad"
            ? "mt-6 flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4"
            : "mt-6 flex gap-3 rounded-lg border bg-muted p-4"
      }
    >
      <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}
