import { data, Link, redirect, useSearchParams } from "react-router";
import { AccountShell } from "~/components/store/account/account-shell";
import { LaybyPlanCard } from "~/components/store/account/layby-plan-card";
import { OrderBadges } from "~/components/store/account/order-badges";
import { Card } from "~/components/ui/card";
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from "~/domain/orders/totals";
import { notFound } from "~/domain/errors";
import { orderInvoice } from "~/domain/invoicing/invoice-document.server";
import { cancelLaybyAsShopper, shopperLayby } from "~/domain/layby/shopper-plan.server";
import { findOrderForAccount, shopperView } from "~/domain/orders/get-order.server";
import { payAgainForAccount, payAgainSchema } from "~/domain/orders/pay-order.server";
import { attempt, invalid } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { siteUrl } from "~/lib/site-url.server";
import { formatMoney } from "~/lib/money";
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
  const [invoice, layby] = await Promise.all([
    orderInvoice(found.id),
    shopperLayby(found, readSearchParams(request).get("cancel") === "1"),
  ]);
  return {
    email: user.email,
    order: shopperView(found),
    layby,
    invoice: invoice && {
      invoiceNumber: invoice.invoiceNumber,
      href: `/account/orders/${found.number}/invoice`,
    },
  };
}

/** A lay-by of this account: pay its next instalment, or cancel it (confirmed). */
export async function action({ params, request }: Route.ActionArgs) {
  const user = await requireShopper(request);
  const number = idParam(params.number);
  const formData = await readForm(request);
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
  const { order, invoice, layby } = loaderData;
  const [params] = useSearchParams();
  const cancelling = params.get("cancel") === "1";
  const actionError = actionData?.ok === false ? actionData.alert.description : undefined;
  return (
    <AccountShell title={`Order ${order.number}`} email={loaderData.email}>
      <p>
        <Link to="/account" className="text-sm text-primary underline">
          Back to my orders
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <OrderBadges status={order.status} paymentStatus={order.paymentStatus} />
        <span className="text-muted-foreground">
          Placed{" "}
          {new Date(order.createdAt).toLocaleString("en-ZA", { timeZone: "Africa/Johannesburg" })}
        </span>
      </div>
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
      ) : null}
      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_18rem]">
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Items</h2>
          <ul className="mt-3 divide-y text-sm">
            {order.lines.map((line) => (
              <li key={line.sku} className="flex justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{line.title}</p>
                  <p className="text-muted-foreground">
                    {line.size} · {line.quantity} x {formatMoney(line.unitPriceCents)}
                  </p>
                </div>
                <p className="font-medium tabular-nums">{formatMoney(line.lineTotalCents)}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-2 border-t pt-3 text-sm">
            <Row label="Subtotal" value={formatMoney(order.subtotalCents)} />
            {order.discountCents > 0 ? (
              <Row label="Discount" value={`-${formatMoney(order.discountCents)}`} />
            ) : null}
            <Row
              label={DELIVERY_METHOD_LABELS[order.deliveryMethod]}
              value={order.deliveryCents === 0 ? "Free" : formatMoney(order.deliveryCents)}
            />
            <Row label="Total" value={formatMoney(order.totalCents)} strong />
            <Row label="Includes VAT (15%)" value={formatMoney(order.vatCents)} />
          </dl>
        </Card>
        <div className="space-y-6">
          <Card className="p-5 text-sm">
            <h2 className="text-lg font-semibold">Delivery</h2>
            <p className="mt-2">
              {order.firstName} {order.lastName}
              <br />
              {order.address}
              <br />
              {order.city} {order.postalCode}
              <br />
              {order.phone}
            </p>
          </Card>
          <Card className="p-5 text-sm">
            <h2 className="text-lg font-semibold">Payment</h2>
            <p className="mt-2">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
            {invoice ? (
              <p className="mt-2">
                <a href={invoice.href} download className="font-medium text-primary underline">
                  Download tax invoice {invoice.invoiceNumber} (PDF)
                </a>
              </p>
            ) : (
              <p className="mt-2 text-muted-foreground">
                The tax invoice is issued when the order is paid.
              </p>
            )}
          </Card>
        </div>
      </div>
    </AccountShell>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between text-base font-bold" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
