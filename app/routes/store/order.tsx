import { OrderDetails, OrderStatusLine } from "~/components/store/account/order-summary";
import { Icon } from "~/components/store/icon";
import { useEffect, useState } from "react";
import { data, redirect, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AccountOffer } from "~/components/store/account/account-offer";
import { LaybyPlanCard } from "~/components/store/account/layby-plan-card";
import { PayForm } from "~/components/store/account/pay-form";
import {
  findOrderForShopper,
  shopperView,
  type ShopperOrder,
} from "~/domain/orders/get-order.server";
import { orderInvoice } from "~/domain/invoicing/invoice-document.server";
import { payAgain, payAgainSchema } from "~/domain/orders/pay-order.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { accountOfferFor } from "~/domain/shoppers/shopper-orders.server";
import { cancelLaybyAsShopper, shopperLayby } from "~/domain/layby/shopper-plan.server";
import { notFound } from "~/domain/errors";
import { orderPageUrl } from "~/domain/orders/order-mail.server";
import { siteUrl } from "~/lib/site-url.server";
import { clearCart } from "~/domain/cart/cart-store";
import { paymentMethodsFor } from "~/domain/payments/providers.server";
import { attempt, invalid } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { formatDay } from "~/lib/dates";
import type { LaybyPlanView } from "~/domain/layby/plan-view.server";
import { notify } from "~/lib/notify";
import { idParam, readForm, readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/order";

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
  const [invoice, layby] = await Promise.all([
    orderInvoice(order.id),
    shopperLayby(order, search.get("cancel") === "1"),
  ]);
  return {
    order: view,
    layby,
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
  const parsed = parseForm(payAgainSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { next } = await payAgain({ number, token, ...parsed.data });
    throw redirect(next);
  });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, paymentMethods, invoice, accountOffer, layby } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromPayment = params.get("from") === "payment";
  const latest = order.payments[0];
  // A lay-by instalment that did not finish the plan (the deposit is the order's first payment).
  const laybyPaid =
    order.paymentStatus === "partially_paid" &&
    (layby?.plan.instalments.filter((i) => i.state === "paid").length ?? 0) > 1;

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
  const actionError = actionData?.ok === false ? actionData.alert.description : undefined;
  const cancelling = params.get("cancel") === "1";
  const pageHref = (cancel: boolean) => {
    const next = new URLSearchParams(params);
    next.delete("from");
    next.delete("problem");
    if (cancel) next.set("cancel", "1");
    else next.delete("cancel");
    return `?${next}`;
  };

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

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Order {order.number}</h1>
      <OrderStatusLine order={order} />

      {params.get("problem") === "provider" && order.payable ? (
        <Notice tone="bad" title="We could not reach the payment provider">
          Nothing was taken. Please try again in a moment, or choose another payment method below.
        </Notice>
      ) : (
        <PaymentState order={order} waiting={waiting} layby={layby?.plan ?? null} />
      )}
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

      <OrderDetails order={order} invoice={invoice} />
    </div>
  );
}

function PaymentState({
  order,
  waiting,
  layby,
}: {
  order: ShopperOrder;
  waiting: boolean;
  layby: LaybyPlanView | null;
}) {
  const latest = order.payments[0];
  if (order.paymentStatus === "paid") {
    return (
      <Notice tone="good" title="Payment received">
        Thank you! We have your payment and will be in touch about delivery. A confirmation was sent
        to {order.email}.
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
  const until = new Date(order.payBy).toLocaleTimeString("en-ZA", {
    timeZone: "Africa/Johannesburg",
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

function Notice({
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
