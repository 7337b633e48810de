import { data, Link } from "react-router";
import { AccountShell } from "~/components/store/account/account-shell";
import { OrderBadges } from "~/components/store/account/order-badges";
import { Card } from "~/components/ui/card";
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from "~/domain/orders/totals";
import { getAccountOrder } from "~/domain/shoppers/shopper-orders.server";
import { formatMoney } from "~/lib/money";
import { idParam } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.number}` : "Order" },
  { name: "robots", content: "noindex" },
];

/** One order of the signed-in shopper's account; another account's order is a 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  const found = await getAccountOrder(user.id, idParam(params.number));
  if (!found) throw data("Order not found", { status: 404 });
  return {
    email: user.email,
    order: found.order,
    invoice: found.invoice && {
      invoiceNumber: found.invoice.invoiceNumber,
      href: `/account/orders/${found.order.number}/invoice`,
    },
  };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, invoice } = loaderData;
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
