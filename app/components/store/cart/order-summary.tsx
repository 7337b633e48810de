import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { useId } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { CartTotals } from "~/domain/cart/cart-lines";
import { formatMoney } from "~/lib/money";

/** Subtotal, savings, delivery and total, with the way on to checkout. */
export function OrderSummary({
  totals,
  blockedReason,
  note,
}: {
  totals: CartTotals;
  /** Why the shopper cannot go on to checkout yet, if they cannot. */
  blockedReason?: string;
  note?: string;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="h-fit p-5 lg:sticky lg:top-24">
      <h2 id={titleId} className="text-lg font-semibold">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <Row label="Subtotal" value={formatMoney(totals.subtotalCents)} />
        {totals.savingsCents > 0 ? (
          <Row
            label="You save"
            value={formatMoney(totals.savingsCents)}
            className="text-green-700 dark:text-green-400"
          />
        ) : null}
        <Row
          label="Delivery"
          value={totals.deliveryCents === 0 ? "Free" : formatMoney(totals.deliveryCents)}
        />
        {totals.freeDeliveryShortfallCents > 0 ? (
          <div className="rounded-md bg-muted px-2 py-1.5 text-xs">
            <dt className="sr-only">Free delivery</dt>
            <dd className="flex items-center gap-1.5">
              <Icon name="truck" className="size-4 shrink-0 text-primary" />
              Add {formatMoney(totals.freeDeliveryShortfallCents)} more for free delivery
            </dd>
          </div>
        ) : null}
        <Row
          label="Total"
          value={formatMoney(totals.totalCents)}
          className="border-t pt-3 text-base font-bold"
        />
      </dl>
      {blockedReason ? (
        <>
          <Button type="button" size="lg" className="mt-5 w-full" disabled>
            Proceed to Checkout
          </Button>
          <p className="mt-2 text-sm text-destructive">{blockedReason}</p>
        </>
      ) : (
        <Link to="/checkout" className={clsx(buttonClasses({ size: "lg" }), "mt-5 w-full")}>
          Proceed to Checkout
        </Link>
      )}
      {note ? <p className="mt-3 text-xs text-muted-foreground">{note}</p> : null}
    </Card>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={clsx("flex justify-between gap-4", className)}>
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
