import { Field, SelectField, TextareaField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import type { GivenQuote } from "~/domain/delivery/delivery-quote.server";
import {
  DELIVERY_CARRIER_LABELS,
  DELIVERY_CARRIERS,
  deliveryQuoteSchema,
} from "~/domain/delivery/quote-schemas";
import { formatDateTime } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney, MONEY_INPUT } from "~/lib/money";

/**
 * The order's delivery quote (docs/decisions/041): the form while the order awaits it, and what
 * was quoted once it has been given. Nothing shows for an order priced by a zone.
 */
export function DeliveryQuoteCard({
  awaiting,
  quote,
  goodsCents,
  pageResult,
}: {
  /** The order awaits its quote (and is not cancelled): the form shows. */
  awaiting: boolean;
  quote: GivenQuote | null;
  /** What the goods come to (less any discount): the quote is added to it. */
  goodsCents: number;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: deliveryQuoteSchema, pageResult });
  const { errors, clearError, values } = form;
  if (!awaiting && !quote) return null;
  return (
    <Card id="delivery-quote" aria-labelledby="delivery-quote-title">
      <CardHeader>
        <CardTitle id="delivery-quote-title">Delivery quote</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {quote ? (
          <p data-testid="delivery-quote-given">
            Quoted {formatMoney(quote.amountCents, { cents: true })} by{" "}
            {quote.carrierLabel.toLowerCase()}
            {quote.note ? ` (${quote.note})` : ""}, by {quote.quotedByEmail} on{" "}
            {formatDateTime(quote.createdAt)}.
          </p>
        ) : (
          <form.fetcher.Form
            ref={form.formRef}
            method="post"
            onSubmit={form.onSubmit}
            noValidate
            className="space-y-4"
            aria-label="Delivery quote"
          >
            <input type="hidden" name="intent" value="quote-delivery" />
            <p className="text-muted-foreground">
              No delivery zone covers this address: the goods are held and nothing is paid until you
              quote the delivery. The quote is added to the goods&apos;{" "}
              {formatMoney(goodsCents, { cents: true })}, and the shopper is e-mailed the total with
              a link to pay it (or decline).
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                name="carrier"
                label="Carried by"
                defaultValue={values.carrier ?? "own_truck"}
                error={errors.carrier}
                onEdit={clearError}
              >
                {DELIVERY_CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {DELIVERY_CARRIER_LABELS[c]}
                  </option>
                ))}
              </SelectField>
              <Field
                name="amount"
                label="Delivery (R)"
                hint="Including VAT, e.g. 1200,00"
                {...MONEY_INPUT}
                defaultValue={values.amount ?? ""}
                error={errors.amount}
                onEdit={clearError}
              />
            </div>
            <TextareaField
              name="note"
              label="Note to the shopper (optional)"
              rows={2}
              maxLength={500}
              defaultValue={values.note ?? ""}
              error={errors.note}
              onEdit={clearError}
            />
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? "Sending..." : "Send quote"}
            </Button>
          </form.fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}
