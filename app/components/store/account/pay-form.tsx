import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/domain/orders/totals";

/**
 * The shopper's "Pay now" (an unpaid order) or "Pay next instalment" (a lay-by): the methods on
 * offer, then on to the payment provider. The amount is the server's, never the form's.
 */
export function PayForm({
  methods,
  current,
  error,
  legend = "Pay for this order",
  button = "Pay now",
}: {
  methods: PaymentMethod[];
  current: PaymentMethod;
  error?: string;
  legend?: string;
  button?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") !== "cancel-layby";
  if (methods.length === 0) return null;
  const initial = methods.includes(current) ? current : methods[0];
  return (
    <Form method="post" className="mt-4 rounded-lg border p-4">
      <input type="hidden" name="intent" value="pay" />
      <fieldset>
        <legend className="font-semibold">{legend}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {methods.map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="paymentMethod"
                value={m}
                defaultChecked={m === initial}
                className="size-4 accent-primary"
              />
              {PAYMENT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="mt-3" disabled={busy}>
        {busy ? "Processing..." : button}
      </Button>
    </Form>
  );
}
