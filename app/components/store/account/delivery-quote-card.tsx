import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";

/** What the shopper sees of a delivery quote: who carries it, its cost and the shop's note. */
export type ShopperQuote = { carrierLabel: string; amountCents: number; note: string };

/**
 * The shopper's side of a quoted delivery (docs/decisions/041): the quote once given, and
 * "Decline" while the order is not paid, which cancels it and releases the goods.
 */
export function DeliveryQuoteCard({
  quote,
  canDecline,
  error,
}: {
  quote: ShopperQuote | null;
  canDecline: boolean;
  error?: string;
}) {
  const navigation = useNavigation();
  const declining =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "decline-quote";
  if (!quote && !canDecline) return null;
  return (
    <section
      aria-labelledby="delivery-quote-title"
      className="mt-4 rounded-lg border p-4 text-sm"
      data-testid="shopper-delivery-quote"
    >
      <h2 id="delivery-quote-title" className="font-semibold">
        Delivery quote
      </h2>
      {quote ? (
        <p className="mt-1">
          Delivery by {quote.carrierLabel.toLowerCase()}:{" "}
          {formatMoney(quote.amountCents, { cents: true })}
          {quote.note ? `. ${quote.note}` : ""}
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">We will e-mail you the quote soon.</p>
      )}
      {canDecline ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="decline-quote" />
          <p className="text-muted-foreground">
            Rather not go ahead? Decline and we cancel the order and release the items; nothing has
            been taken.
          </p>
          {error ? (
            <p role="alert" className="mt-2 text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="mt-2" disabled={declining}>
            {declining ? "Declining..." : quote ? "Decline the quote" : "Cancel this order"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
