import { addressLines, deliveryContactLines } from "~/domain/addresses/format-address";
import { OrderBadges } from "~/components/store/account/order-badges";
import { Card } from "~/components/ui/card";
import type { ShopperOrder } from "~/domain/orders/get-order.server";
import type { StageFacts } from "~/domain/orders/order-stage-view";
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from "~/domain/orders/totals";
import { ADD_ON_TEXT, chosenAddOns } from "~/domain/orders/add-ons";
import { formatMoney } from "~/lib/money";
import { OrderRefunds, type OrderRefund } from "./order-refunds";

/**
 * An order as its shopper reads it, on the order page (by its link) and in their account: its
 * state and when it was placed, then its lines and totals, delivery and payment.
 */

/** The order's stage (and money gone back), and when it was placed (the shop's time). */
export function OrderStatusLine({
  order,
  stage,
  paymentState,
}: {
  order: ShopperOrder;
  /** What the order's stage is made of (orderStageFacts). */
  stage: StageFacts;
  /** "Partly refunded (R… of R…)" and the like, once money has gone back. */
  paymentState?: string;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <OrderBadges {...stage} paymentLabel={paymentState} />
      <span className="text-muted-foreground">
        Placed{" "}
        {new Date(order.createdAt).toLocaleString("en-ZA", { timeZone: "Africa/Johannesburg" })}
      </span>
    </div>
  );
}

const ATTEMPT_LABELS = {
  pending: "waiting for the provider",
  approved: "approved",
  declined: "declined",
  cancelled: "cancelled",
  refunded: "refunded",
} as const;

export function OrderDetails({
  order,
  invoice,
  refunds = [],
  paymentState,
  reviewLinks = false,
}: {
  order: ShopperOrder;
  /** The tax invoice's download, once the order is paid. */
  invoice: { invoiceNumber: string; href: string } | null;
  /** The order's refunds with their credit notes' downloads. */
  refunds?: OrderRefund[];
  /** The order's money state: "Paid", "Partly refunded (R… of R…)", "Refunded". */
  paymentState?: string;
  /** Delivered to a signed-in buyer: each product offers its review form. */
  reviewLinks?: boolean;
}) {
  return (
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
                {reviewLinks && line.productSlug ? (
                  <a
                    href={`/products/${line.productSlug}/review`}
                    className="mt-1 inline-block font-medium text-primary underline"
                  >
                    Write a review of {line.title}
                  </a>
                ) : null}
              </div>
              <p className="font-medium tabular-nums">{formatMoney(line.lineTotalCents)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-2 border-t pt-3 text-sm">
          <Row label="Subtotal" value={formatMoney(order.subtotalCents)} />
          {order.discountCents > 0 ? (
            <Row
              label={`Discount${order.promotionCode ? ` (${order.promotionCode})` : ""}`}
              value={`-${formatMoney(order.discountCents)}`}
            />
          ) : null}
          <Row
            label={order.deliveryMethod === "express" ? "Express delivery" : "Standard delivery"}
            value={
              order.paymentStatus === "awaiting_quote"
                ? "To be quoted"
                : order.deliveryCents === 0
                  ? "Free"
                  : formatMoney(order.deliveryCents)
            }
          />
          {chosenAddOns(order).map(({ addOn, cents }) => (
            <Row key={addOn} label={ADD_ON_TEXT[addOn].line} value={formatMoney(cents)} />
          ))}
          <Row label="Total" value={formatMoney(order.totalCents)} strong />
          <Row label="Includes VAT (15%)" value={formatMoney(order.vatCents)} />
        </dl>
      </Card>
      <div className="space-y-6">
        <Card className="p-5 text-sm">
          <h2 className="text-lg font-semibold">Delivery</h2>
          <p className="mt-2">
            {[
              `${order.firstName} ${order.lastName}`,
              ...addressLines(order),
              order.phone,
              ...deliveryContactLines(order),
            ].map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </p>
          <p className="mt-2 text-muted-foreground">
            {DELIVERY_METHOD_LABELS[order.deliveryMethod]}
          </p>
        </Card>
        <Card className="p-5 text-sm">
          <h2 className="text-lg font-semibold">Payment</h2>
          <p className="mt-2">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
          {paymentState ? (
            <p className="mt-1 font-medium" data-testid="payment-state">
              {paymentState}
            </p>
          ) : null}
          {invoice ? (
            <p className="mt-2">
              <a href={invoice.href} download className="font-medium text-primary underline">
                Download tax invoice {invoice.invoiceNumber} (PDF)
              </a>
            </p>
          ) : order.status !== "cancelled" ? (
            <p className="mt-2 text-muted-foreground">
              The tax invoice is issued when the order is paid in full.
            </p>
          ) : null}
          {order.payments.length > 0 ? (
            <ul className="mt-2 space-y-1 text-muted-foreground">
              {order.payments.map((p) => (
                <li key={p.createdAt}>
                  {formatMoney(p.amountCents, { cents: true })}: {ATTEMPT_LABELS[p.status]}
                  {p.cardLast4 ? ` (${p.cardBrand ?? "card"} ending ${p.cardLast4})` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
        <OrderRefunds refunds={refunds} />
      </div>
    </div>
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
