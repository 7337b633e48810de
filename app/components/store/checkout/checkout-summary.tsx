import { clsx } from "clsx";
import { useId, type ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { CartLine } from "~/domain/cart/cart-lines";
import { mediaSrc } from "~/lib/media";
import { formatMoney } from "~/lib/money";
import { ADD_ON_TEXT, chosenAddOns } from "~/domain/orders/add-ons";
import type { QuoteAnswer } from "./use-checkout-quote";

/**
 * The order as the shop prices it: lines, promotion code, subtotal, discount, delivery, the
 * add-ons chosen, total, VAT.
 */
export function CheckoutSummary({
  lines,
  quote,
  failed,
  updating = false,
  promo,
  action,
}: {
  lines: readonly CartLine[];
  quote: QuoteAnswer | null;
  failed: boolean;
  /** The shown prices are for an earlier cart, method or address: a new answer is on its way. */
  updating?: boolean;
  promo: ReactNode;
  action: ReactNode;
}) {
  const titleId = useId();
  const current = new Map(quote?.lines.map((l) => [l.variantId, l]) ?? []);
  const problems = new Map(quote?.problems.map((p) => [p.variantId, p]) ?? []);
  const totals = quote?.totals;
  const pending = "…";

  return (
    <Card role="region" aria-labelledby={titleId} className="h-fit p-5 lg:sticky lg:top-24">
      <h2 id={titleId} className="text-lg font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y text-sm">
        {lines.map((line) => {
          const now = current.get(line.variantId);
          const price = now?.sold ? now.priceCents : line.priceCents;
          const problem = problems.get(line.variantId);
          return (
            <li key={line.variantId} className="flex gap-3 py-3" data-testid="checkout-line">
              <div className="size-14 shrink-0 overflow-hidden rounded-md bg-muted">
                {line.image ? (
                  <img
                    src={mediaSrc(line.image, 320)}
                    alt=""
                    width={56}
                    height={56}
                    className="size-full object-cover"
                  />
                ) : null}
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.name}</p>
                <p className="text-muted-foreground">
                  {line.size ? `${line.size} · ` : ""}Qty {line.quantity}
                </p>
                {problem ? (
                  <p className="text-destructive">
                    {problem.problem === "not_sold"
                      ? "No longer available: remove it from your cart."
                      : problem.available === 0
                        ? "Out of stock: remove it from your cart."
                        : `Only ${problem.available} left: lower the quantity in your cart.`}
                  </p>
                ) : null}
              </div>
              <p className="font-medium tabular-nums">{formatMoney(price * line.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 border-t pt-4">{promo}</div>
      <dl className="mt-4 space-y-2 text-sm" aria-busy={!quote || updating}>
        <Row label="Subtotal" value={totals ? formatMoney(totals.subtotalCents) : pending} />
        {totals && totals.discountCents > 0 ? (
          <Row
            label={`Discount${quote?.promotion ? ` (${quote.promotion.code})` : ""}`}
            value={`-${formatMoney(totals.discountCents)}`}
            className="text-green-700 dark:text-green-400"
          />
        ) : null}
        <Row
          label="Delivery"
          value={
            !totals
              ? pending
              : quote?.delivery.quoted
                ? "Delivery quoted"
                : totals.deliveryCents === 0
                  ? "Free"
                  : formatMoney(totals.deliveryCents)
          }
        />
        {totals
          ? chosenAddOns(totals).map(({ addOn, cents }) => (
              <Row key={addOn} label={ADD_ON_TEXT[addOn].line} value={formatMoney(cents)} />
            ))
          : null}
        <Row
          label="Total"
          value={totals ? formatMoney(totals.totalCents) : pending}
          className="border-t pt-3 text-base font-bold"
        />
        <Row
          label="Includes VAT (15%)"
          value={totals ? formatMoney(totals.vatCents) : pending}
          className="text-muted-foreground"
        />
      </dl>
      {quote?.delivery.quoted ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="quoted-summary">
          No delivery zone covers this address: we hold the goods, take no payment now and e-mail
          you a delivery quote with the total to pay. The total here is for the goods
          {totals && chosenAddOns(totals).length > 0 ? " and the add-ons" : ""}.
        </p>
      ) : null}
      {quote && quote.problems.length > 0 ? (
        <p className="mt-3 text-sm text-destructive">
          Some items cannot be ordered as they are.{" "}
          <a href="/cart" className="underline">
            Update your cart
          </a>{" "}
          to continue.
        </p>
      ) : null}
      {failed ? (
        <p className="mt-3 text-xs text-muted-foreground">
          We could not check today&apos;s prices just now; the order is priced when you place it.
        </p>
      ) : null}
      {action}
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
