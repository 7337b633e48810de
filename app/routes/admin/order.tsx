import { ArrowLeft } from "lucide-react";
import { Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  attempt,
  invalid,
  keptValues,
  loaded,
  postedAsPage,
  refused,
  succeeded,
} from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { RefundForm } from "~/components/admin/orders/refund-form";
import { RefundsCard } from "~/components/admin/orders/refunds-card";
import { LaybyCard } from "~/components/admin/orders/layby-card";
import { getAdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { orderDelivery } from "~/domain/delivery/order-delivery.server";
import { DeliveryDayCard } from "~/components/admin/delivery/delivery-day-card";
import { DeliveryQuoteCard } from "~/components/admin/delivery/delivery-quote-card";
import { DeliveryProofsCard } from "~/components/admin/delivery/delivery-proofs-card";
import { orderProofs } from "~/domain/delivery/delivery-proofs.server";
import { deliveryQuoteOf } from "~/domain/delivery/delivery-quote.server";
import { isQuoteIntent, quoteAction } from "./quote-action.server";
import { LAYBY_INTENTS, laybyAction } from "./layby-action.server";
import { listOrderRefunds } from "~/domain/invoicing/credit-note-document.server";
import { refundOptions } from "~/domain/invoicing/refund-options.server";
import { listAwaitingRefundParts } from "~/domain/invoicing/recheck-refunds.server";
import { REFUND_INTENTS, refundAction, refundNotice, refundShownAt } from "./refund-action.server";
import { AwaitingRefund } from "~/components/admin/orders/awaiting-refund";
import {
  cancelOrder,
  markOrderDelivered,
  previewCancellation,
} from "~/domain/orders/cancel-order.server";
import { cancelOrderSchema } from "~/domain/orders/cancel-schemas";
import { orderStageFacts } from "~/domain/orders/order-stage.server";
import { StageCard } from "~/components/admin/orders/stage-card";
import { StageBadge } from "~/components/admin/orders/stage-badge";
import { orderInvoice } from "~/domain/invoicing/invoice-document.server";
import { getAdminOrder } from "~/domain/orders/get-admin-order.server";
import { paymentStateLabel } from "~/domain/orders/payment-state-label";
import { requireStaff } from "~/lib/staff-gate.server";
import { formatMoney } from "~/lib/money";
import { idParam, readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/order";
import { formatDateTime } from "~/lib/dates";
import { addressLines, deliveryContactLines } from "~/domain/addresses/format-address";
import { OrderItemsCard } from "~/components/admin/orders/order-items-card";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Order #${data?.order.number ?? ""} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const number = idParam(params.number);
  const { order, events } = await loaded(() => getAdminOrder(number));
  const [invoice, refundable, refunds, layby, awaiting, delivery, quote, proofs, stage] =
    await Promise.all([
      orderInvoice(order.id),
      refundOptions(order.id),
      listOrderRefunds(order.id),
      getAdminLaybyPlan(order.id),
      listAwaitingRefundParts(order.id),
      orderDelivery(order.id),
      deliveryQuoteOf(order.id),
      orderProofs(order.id),
      orderStageFacts(order.id),
    ]);
  const paymentState = paymentStateLabel({
    ...order,
    refundedCents: refunds
      .filter((r) => r.kind === "order" && r.status === "completed")
      .reduce((sum, r) => sum + r.amountCents, 0),
  });
  return {
    order,
    events,
    invoice,
    refundable,
    refunds,
    layby,
    awaiting,
    paymentState,
    delivery,
    quote,
    proofs,
    stage: stage!,
    /** After a refund or cancellation posted without JavaScript: what became of its refund. */
    refundNotice: refundNotice(request.url, refunds),
  };
}

/**
 * A form refused because the order moved on (409: a refund or a cancellation confirmed twice,
 * two tabs) reads the page again, so it shows what was done meanwhile.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  // Posted as a page, a refund or a cancellation made answers a redirect: reading the page
  // again is then a GET, which pays nothing back.
  const page = `/admin/orders/${idParam(params.number)}`;
  const redirectTo = postedAsPage(request) ? page : null;
  const intent = formData.get("intent");
  if (isQuoteIntent(intent)) {
    return quoteAction({ orderNumber: idParam(params.number), formData, actor });
  }
  if (LAYBY_INTENTS.includes(intent as (typeof LAYBY_INTENTS)[number])) {
    return laybyAction({
      intent: intent as (typeof LAYBY_INTENTS)[number],
      formData,
      actor,
      orderId: async () => (await getAdminOrder(idParam(params.number))).order.id,
    });
  }
  if (REFUND_INTENTS.includes(intent as (typeof REFUND_INTENTS)[number])) {
    return refundAction({
      intent: intent as (typeof REFUND_INTENTS)[number],
      formData,
      actor,
      orderId: async () => (await getAdminOrder(idParam(params.number))).order.id,
      redirectTo,
    });
  }
  const orderId = async () => (await getAdminOrder(idParam(params.number))).order.id;
  if (intent === "mark-delivered") {
    return attempt(formData, async () => {
      const done = await markOrderDelivered({ orderId: await orderId(), actor });
      return succeeded("Order Delivered", `Order #${done.number} is marked delivered.`);
    });
  }
  if (intent !== "cancel" && intent !== "cancel-preview") {
    return refused(400, { title: "Error", description: "Choose what to do." }, formData);
  }
  const parsed = parseForm(cancelOrderSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const cancel = { ...parsed.data, refund: parsed.data };
  if (intent === "cancel-preview") {
    return attempt(formData, async () => {
      const preview = await previewCancellation({ orderId: await orderId(), actor, ...cancel });
      if (!preview) {
        return succeeded("Check the Cancellation", "Nothing was paid: nothing to pay back.");
      }
      return {
        ...succeeded("Check the Cancellation", `Pay back ${money(preview.amountCents)}?`),
        preview,
        values: keptValues(formData),
      };
    });
  }
  return attempt(formData, async () => {
    const done = await cancelOrder({ orderId: await orderId(), actor, ...cancel });
    if (redirectTo) {
      throw redirect(done.refund ? refundShownAt(redirectTo, done.refund.refundId) : redirectTo);
    }
    return succeeded(
      "Order Cancelled",
      done.refund
        ? done.refund.status === "completed"
          ? `Order #${done.number} is cancelled: ${money(done.refund.amountCents)} paid back, credit note ${done.refund.creditNoteNumber}; its stock is back.`
          : `Order #${done.number} is cancelled; ${money(done.refund.amountCents)} awaits the provider and is listed under Money owed back.`
        : `Order #${done.number} is cancelled and its stock released.`,
    );
  });
}

const money = (cents: number) => formatMoney(cents, { cents: true });
export default function OrderPage({
  loaderData: {
    order,
    events,
    invoice,
    refundable,
    refunds,
    layby,
    awaiting,
    paymentState,
    delivery,
    quote,
    proofs,
    stage,
    refundNotice,
  },
  actionData,
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/admin/orders"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Order #{order.number}</h1>
        <StageBadge facts={stage} />
        <StatusBadge status={order.paymentStatus} label={paymentState} />
      </div>
      {invoice && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            Tax invoice <span className="font-medium">{invoice.invoiceNumber}</span>
          </span>
          <Link to={`/admin/invoices/${invoice.id}`} className="text-primary hover:underline">
            View invoice
          </Link>
          <a
            href={`/admin/invoices/${invoice.id}/pdf`}
            download
            className="text-primary hover:underline"
          >
            Download invoice (PDF)
          </a>
        </div>
      )}
      <StageCard
        facts={stage}
        paidBack={refundable ? { provider: refundable.provider } : null}
        pageResult={
          actionData && "values" in actionData && actionData.values.intent?.startsWith("cancel")
            ? actionData
            : undefined
        }
      />
      {layby && (
        <LaybyCard
          plan={layby}
          awaiting={awaiting.filter((p) => p.kind === "layby")}
          pageResult={actionData}
        />
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Customer</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm">
            <p className="font-medium">{`${order.firstName} ${order.lastName}`.trim() || "N/A"}</p>
            <p>{order.email || "N/A"}</p>
            <p>{order.phone || "N/A"}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Delivery</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm">
            {addressLines(order).map((line, i) => (
              <p key={i}>{line}</p>
            ))}
            {order.address && !order.province ? (
              <p className="text-muted-foreground">
                No province: placed before checkout asked for one.
              </p>
            ) : null}
            {deliveryContactLines(order).map((line, i) => (
              <p key={`contact-${i}`}>{line}</p>
            ))}
            <p className="capitalize text-muted-foreground">{order.deliveryMethod} delivery</p>
          </CardContent>
        </Card>
      </div>
      <DeliveryQuoteCard
        awaiting={order.paymentStatus === "awaiting_quote" && order.status !== "cancelled"}
        quote={quote}
        goodsCents={order.subtotalCents - order.discountCents}
        pageResult={
          actionData?.ok === false && actionData.values.intent === "quote-delivery"
            ? actionData
            : undefined
        }
      />
      <DeliveryDayCard orderNumber={order.number} delivery={delivery} />
      <DeliveryProofsCard orderNumber={order.number} proofs={proofs} />
      <OrderItemsCard order={order} />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Payments</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <p className="text-muted-foreground">{order.paymentMethodLabel}</p>
            {order.payments.length === 0 ? (
              <p>No payment yet.</p>
            ) : (
              <ul className="space-y-1">
                {order.payments.map((p) => (
                  <li key={p.reference} className="flex justify-between gap-2">
                    <span>
                      {p.provider} · {p.reference}
                      {p.cardLast4 ? ` · ${p.cardBrand ?? "card"} ${p.cardLast4}` : ""}
                    </span>
                    <span>
                      {money(p.amountCents)} <StatusBadge status={p.status} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-2 text-sm" data-testid="order-timeline">
              {events.map((e) => (
                <li key={e.id}>
                  <span className="text-muted-foreground">{formatDateTime(e.createdAt)}</span> ·{" "}
                  {e.message}
                  <span className="text-muted-foreground"> ({e.actor})</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
      <RefundsCard refunds={refunds} />
      <AwaitingRefund parts={awaiting.filter((p) => p.kind !== "layby")} pageResult={actionData} />
      {(refundable || refunds.length > 0) && (
        <RefundForm options={refundable} pageResult={actionData} notice={refundNotice} />
      )}
    </div>
  );
}
