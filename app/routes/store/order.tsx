import { OrderDetails, OrderStatusLine } from "~/components/store/account/order-summary";
import { Notice, PaymentState, usePaymentReturn } from "~/components/store/account/payment-state";
import { data, redirect, useSearchParams } from "react-router";
import { AccountOffer } from "~/components/store/account/account-offer";
import { LaybyPlanCard } from "~/components/store/account/layby-plan-card";
import { PayForm } from "~/components/store/account/pay-form";
import { findOrderForShopper, shopperView } from "~/domain/orders/get-order.server";
import { orderInvoice } from "~/domain/invoicing/invoice-document.server";
import { listShopperRefunds, refundedCents } from "~/domain/invoicing/shopper-refunds.server";
import { paymentStateLabel } from "~/domain/orders/payment-state-label";
import { orderStageFacts } from "~/domain/orders/order-stage.server";
import { payAgain, payAgainSchema } from "~/domain/orders/pay-order.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { accountOfferFor } from "~/domain/shoppers/shopper-orders.server";
import { cancelLaybyAsShopper, shopperLayby } from "~/domain/layby/shopper-plan.server";
import { notFound } from "~/domain/errors";
import { orderPageUrl } from "~/domain/orders/order-mail.server";
import { siteUrl } from "~/lib/site-url.server";
import { paymentMethodsFor } from "~/domain/payments/providers.server";
import { attempt, invalid } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { idParam, readForm, readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/order";
import { DeliveryDayCard } from "~/components/store/account/delivery-day-card";
import { DeliveryQuoteCard } from "~/components/store/account/delivery-quote-card";
import { declineDeliveryQuote, shopperQuoteView } from "~/domain/delivery/delivery-quote.server";
import {
  moveOrderDeliveryByShopper,
  readPostedDay,
  shopperDeliveryView,
} from "~/domain/delivery/shopper-delivery.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.number}` : "Order" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request }: Route.LoaderArgs) {
  const search = readSearchParams(request);
  const token = search.get("token") ?? "";
  const order = await findOrderForShopper(idParam(params.number), token);
  if (!order) throw data("Order not found", { status: 404 });
  const view = shopperView(order);
  const [invoice, layby, refunds, delivery, quoted, stage] = await Promise.all([
    orderInvoice(order.id),
    shopperLayby(order, search.get("cancel") === "1"),
    listShopperRefunds(order.id),
    shopperDeliveryView(order),
    shopperQuoteView(order, view.payable),
    orderStageFacts(order.id),
  ]);
  const secret = `token=${encodeURIComponent(token)}`;
  return {
    order: view,
    layby,
    delivery,
    stage: stage!,
    ...quoted,
    refunds: refunds.map((r) => ({
      ...r,
      creditNoteHref:
        r.creditNote && `/orders/${order.number}/credit-notes/${r.creditNote.id}?${secret}`,
    })),
    paymentState: paymentStateLabel({ ...view, refundedCents: refundedCents(refunds) }),
    invoice: invoice && {
      invoiceNumber: invoice.invoiceNumber,
      href: `/orders/${order.number}/invoice?token=${encodeURIComponent(token)}`,
    },
    paymentMethods: view.payable && !layby ? paymentMethodsFor(view.totalCents) : [],
    accountOffer: await accountOfferFor({
      email: order.email,
      paymentStatus: order.paymentStatus,
      signedIn: (await getSessionUser(request)) !== null,
    }),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const token = readSearchParams(request).get("token") ?? "";
  const number = idParam(params.number);
  const formData = await readForm(request);
  if (formData.get("intent") === "cancel-layby") {
    return attempt(formData, async () => {
      const order = await findOrderForShopper(number, token);
      if (!order) throw notFound("Order not found");
      await cancelLaybyAsShopper(order, siteUrl());
      throw redirect(orderPageUrl("", order));
    });
  }
  if (formData.get("intent") === "decline-quote") {
    return attempt(formData, async () => {
      const order = await findOrderForShopper(number, token);
      if (!order) throw notFound("Order not found");
      await declineDeliveryQuote(order);
      throw redirect(orderPageUrl("", order));
    });
  }
  if (formData.get("intent") === "move-delivery") {
    return attempt(formData, async () => {
      const order = await findOrderForShopper(number, token);
      if (!order) throw notFound("Order not found");
      await moveOrderDeliveryByShopper({
        orderId: order.id,
        day: readPostedDay(String(formData.get("deliveryDay") ?? "")),
      });
      throw redirect(orderPageUrl("", order));
    });
  }
  const parsed = parseForm(payAgainSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { next } = await payAgain({ number, token, ...parsed.data });
    throw redirect(next);
  });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    order,
    paymentMethods,
    invoice,
    accountOffer,
    layby,
    refunds,
    paymentState,
    delivery,
    quote,
    quoteFlow,
    canDecline,
  } = loaderData;
  const [params] = useSearchParams();
  const { waiting } = usePaymentReturn(order, layby?.plan ?? null);
  const moveRefused =
    actionData?.ok === false && actionData.values.intent === "move-delivery" ? actionData : null;
  const declineRefused =
    actionData?.ok === false && actionData.values.intent === "decline-quote" ? actionData : null;
  const actionError =
    actionData?.ok === false && !moveRefused && !declineRefused
      ? actionData.alert.description
      : undefined;
  const cancelling = params.get("cancel") === "1";
  const pageHref = (cancel: boolean) => {
    const next = new URLSearchParams(params);
    next.delete("from");
    next.delete("problem");
    if (cancel) next.set("cancel", "1");
    else next.delete("cancel");
    return `?${next}`;
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Order {order.number}</h1>
      <OrderStatusLine order={order} stage={loaderData.stage} paymentState={paymentState} />

      {params.get("problem") === "provider" && order.payable ? (
        <Notice tone="bad" title="We could not reach the payment provider">
          Nothing was taken. Please try again in a moment, or choose another payment method below.
        </Notice>
      ) : (
        <PaymentState
          order={order}
          stage={loaderData.stage}
          waiting={waiting}
          layby={layby?.plan ?? null}
          quoted={quoteFlow}
        />
      )}
      {quoteFlow ? (
        <DeliveryQuoteCard
          quote={quote}
          canDecline={canDecline}
          error={declineRefused?.alert.description}
        />
      ) : null}
      {accountOffer ? (
        <AccountOffer
          offer={accountOffer}
          name={`${order.firstName} ${order.lastName}`}
          email={order.email}
        />
      ) : null}
      {layby ? (
        <LaybyPlanCard
          plan={layby.plan}
          methods={layby.methods}
          currentMethod={order.paymentMethod}
          payError={cancelling ? undefined : actionError}
          cancel={{
            href: pageHref(true),
            backHref: pageHref(false),
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

      <OrderDetails order={order} invoice={invoice} refunds={refunds} paymentState={paymentState} />
    </div>
  );
}
