import { data, Link, redirect, useSearchParams } from "react-router";
import { AccountShell } from "~/components/store/account/account-shell";
import { LaybyPlanCard } from "~/components/store/account/layby-plan-card";
import { OrderDetails, OrderStatusLine } from "~/components/store/account/order-summary";
import { PaymentState, usePaymentReturn } from "~/components/store/account/payment-state";
import { PayForm } from "~/components/store/account/pay-form";
import { paymentMethodsFor } from "~/domain/payments/providers.server";
import { notFound } from "~/domain/errors";
import { orderInvoice } from "~/domain/invoicing/invoice-document.server";
import { listShopperRefunds, refundedCents } from "~/domain/invoicing/shopper-refunds.server";
import { paymentStateLabel } from "~/domain/orders/payment-state-label";
import { orderStageFacts } from "~/domain/orders/order-stage.server";
import { cancelLaybyAsShopper, shopperLayby } from "~/domain/layby/shopper-plan.server";
import { findOrderForAccount, shopperView } from "~/domain/orders/get-order.server";
import { payAgainForAccount, payAgainSchema } from "~/domain/orders/pay-order.server";
import { DeliveryDayCard } from "~/components/store/account/delivery-day-card";
import { DeliveryQuoteCard } from "~/components/store/account/delivery-quote-card";
import { declineDeliveryQuote, shopperQuoteView } from "~/domain/delivery/delivery-quote.server";
import {
  moveOrderDeliveryByShopper,
  readPostedDay,
  shopperDeliveryView,
} from "~/domain/delivery/shopper-delivery.server";
import { attempt, invalid } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { siteUrl } from "~/lib/site-url.server";
import { idParam, readForm, readSearchParams } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.number}` : "Order" },
  { name: "robots", content: "noindex" },
];

/** One order of the signed-in shopper's account; another account's order is a 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  const found = await findOrderForAccount(idParam(params.number), user.id);
  if (!found) throw data("Order not found", { status: 404 });
  const view = shopperView(found);
  const [invoice, layby, refunds, delivery, quoted, stage] = await Promise.all([
    orderInvoice(found.id),
    shopperLayby(found, readSearchParams(request).get("cancel") === "1"),
    listShopperRefunds(found.id),
    shopperDeliveryView(found),
    shopperQuoteView(found, view.payable),
    orderStageFacts(found.id),
  ]);
  return {
    email: user.email,
    order: view,
    layby,
    delivery,
    stage: stage!,
    ...quoted,
    refunds: refunds.map((r) => ({
      ...r,
      creditNoteHref:
        r.creditNote && `/account/orders/${found.number}/credit-notes/${r.creditNote.id}`,
    })),
    paymentState: paymentStateLabel({ ...view, refundedCents: refundedCents(refunds) }),
    paymentMethods: view.payable && !layby ? paymentMethodsFor(view.totalCents) : [],
    invoice: invoice && {
      invoiceNumber: invoice.invoiceNumber,
      href: `/account/orders/${found.number}/invoice`,
    },
  };
}

/**
 * An order of this account: pay it (or a lay-by's next instalment), cancel a lay-by
 * (confirmed), move its delivery day, or decline its delivery quote: the same as the order's
 * own page, for the account's order.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const user = await requireShopper(request);
  const number = idParam(params.number);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "decline-quote" || intent === "move-delivery") {
    return attempt(formData, async () => {
      const order = await findOrderForAccount(number, user.id);
      if (!order) throw notFound("Order not found");
      if (intent === "decline-quote") await declineDeliveryQuote(order);
      else {
        await moveOrderDeliveryByShopper({
          orderId: order.id,
          day: readPostedDay(String(formData.get("deliveryDay") ?? "")),
        });
      }
      throw redirect(`/account/orders/${order.number}`);
    });
  }
  if (formData.get("intent") === "cancel-layby") {
    return attempt(formData, async () => {
      const order = await findOrderForAccount(number, user.id);
      if (!order) throw notFound("Order not found");
      await cancelLaybyAsShopper(order, siteUrl());
      throw redirect(`/account/orders/${order.number}`);
    });
  }
  const parsed = parseForm(payAgainSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { next } = await payAgainForAccount({ number, userId: user.id, ...parsed.data });
    throw redirect(next);
  });
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, invoice, layby, paymentMethods, refunds, paymentState } = loaderData;
  const { delivery, quote, quoteFlow, canDecline } = loaderData;
  const { waiting } = usePaymentReturn(order, layby?.plan ?? null);
  const [params] = useSearchParams();
  const cancelling = params.get("cancel") === "1";
  const refused = actionData?.ok === false ? actionData : null;
  const moveRefused = refused?.values.intent === "move-delivery" ? refused : null;
  const declineRefused = refused?.values.intent === "decline-quote" ? refused : null;
  const actionError =
    refused && !moveRefused && !declineRefused ? refused.alert.description : undefined;
  return (
    <AccountShell title={`Order ${order.number}`} email={loaderData.email}>
      <p>
        <Link to="/account" className="text-sm text-primary underline">
          Back to my orders
        </Link>
      </p>
      <OrderStatusLine order={order} stage={loaderData.stage} paymentState={paymentState} />
      <PaymentState
        order={order}
        stage={loaderData.stage}
        waiting={waiting}
        layby={layby?.plan ?? null}
        quoted={quoteFlow}
      />
      {quoteFlow ? (
        <DeliveryQuoteCard
          quote={quote}
          canDecline={canDecline}
          error={declineRefused?.alert.description}
        />
      ) : null}
      {layby ? (
        <LaybyPlanCard
          plan={layby.plan}
          methods={layby.methods}
          currentMethod={order.paymentMethod}
          payError={cancelling ? undefined : actionError}
          cancel={{
            href: "?cancel=1",
            backHref: `/account/orders/${order.number}`,
            preview: layby.cancelPreview,
            error: cancelling ? actionError : undefined,
          }}
        />
      ) : order.payable ? (
        <PayForm methods={paymentMethods} current={order.paymentMethod} error={actionError} />
      ) : null}
      {delivery ? (
        <DeliveryDayCard
          key={delivery.day}
          delivery={delivery}
          error={
            moveRefused
              ? (moveRefused.fieldErrors.deliveryDay ?? moveRefused.alert.description)
              : undefined
          }
        />
      ) : null}
      <OrderDetails
        order={order}
        invoice={invoice}
        refunds={refunds}
        paymentState={paymentState}
        reviewLinks={order.status === "delivered"}
      />
    </AccountShell>
  );
}
