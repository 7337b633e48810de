import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Honeypot } from "~/components/store/honeypot";
import { usePublicForm } from "~/components/store/use-public-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { CartLine } from "~/domain/cart/cart-lines";
import {
  PAYMENT_METHOD_LABELS,
  type DeliveryMethod,
  type PaymentMethod,
} from "~/domain/orders/totals";
import { telHref, useStoreSettings } from "~/components/store/use-store-settings";
import { formatMoney } from "~/lib/money";
import { CheckoutSummary } from "./checkout-summary";
import { LaybyOption, type PlanChoice } from "./layby-option";
import { PromoCode } from "./promo-code";
import { SavedAddressPicker, type CheckoutPrefill } from "./saved-address-picker";
import { useCheckoutQuote } from "./use-checkout-quote";

export function CheckoutEmptyState() {
  return (
    <div className="mt-6 flex min-h-80 flex-col items-center justify-center rounded-xl border border-dashed px-4 py-12 text-center">
      <Icon name="shopping-cart" className="size-12 text-muted-foreground" />
      <h2 className="mt-4 text-xl font-semibold">Your cart is empty</h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        Add a bed, mattress or bedding to your cart to check out.
      </p>
      <Link to="/products" className={buttonVariants({ size: "lg", className: "mt-6" })}>
        Browse Products
      </Link>
    </div>
  );
}

const PAYMENT_OPTIONS: { value: PaymentMethod; label: string; note: string }[] = [
  { value: "card", label: PAYMENT_METHOD_LABELS.card, note: "Visa or Mastercard" },
  {
    value: "payfast",
    label: PAYMENT_METHOD_LABELS.payfast,
    note: "Pay straight from your bank account",
  },
  { value: "payflex", label: PAYMENT_METHOD_LABELS.payflex, note: "4 interest-free payments" },
];

/**
 * The checkout: customer, delivery and payment details beside a summary the server prices.
 * The browser sends only the cart's variant ids and quantities; the server works out the rest.
 */
export function CheckoutForm({
  lines,
  idempotencyKey,
  prefill,
}: {
  lines: CartLine[];
  idempotencyKey: string;
  /** A signed-in shopper's e-mail and saved addresses; none for a guest. */
  prefill?: CheckoutPrefill | null;
}) {
  const settings = useStoreSettings();
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>("standard");
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("card");
  const [promoCode, setPromoCode] = useState("");
  const [plan, setPlan] = useState<PlanChoice>("full");
  // The deposit as typed; until the shopper types, the shop's smallest deposit.
  const [typedDeposit, setLaybyDeposit] = useState<string | null>(null);
  const [laybyMonths, setLaybyMonths] = useState("6");
  const { quote, failed } = useCheckoutQuote(lines, deliveryMethod, promoCode);
  const form = usePublicForm({
    loadSchema: () => import("~/domain/orders/checkout-schema").then((m) => m.checkoutSchema),
  });
  const errors = form.errors;

  // A lay-by is paid by card or PayFast, never PayFlex.
  const offered = quote
    ? plan === "layby"
      ? quote.layby.paymentMethods
      : quote.paymentMethods
    : PAYMENT_OPTIONS.map((o) => o.value).filter((m) => plan === "full" || m !== "payflex");
  const minDeposit = quote?.layby.minDepositCents;
  // The cart changed to a total a deposit would cover: back to paying in full, visibly.
  const laybyUnavailable = quote !== null && quote.totals.totalCents <= quote.layby.minDepositCents;
  useEffect(() => {
    if (laybyUnavailable && plan === "layby") setPlan("full");
  }, [laybyUnavailable, plan]);
  const laybyDeposit = typedDeposit ?? (minDeposit === undefined ? "" : String(minDeposit / 100));
  useEffect(() => {
    if (quote && offered.length > 0 && !offered.includes(paymentMethod)) {
      setPaymentMethod(offered[0]!);
    }
  }, [quote, offered, paymentMethod]);

  // No payment provider is configured (and the demo gateway is off): nothing can be paid online.
  const noPayment = quote !== null && offered.length === 0;
  const blocked = quote ? quote.problems.length > 0 || noPayment : false;
  const appliedCode = quote?.promotion?.code ?? "";
  const requested = JSON.stringify(
    lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
  );

  return (
    <Form
      method="post"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]"
    >
      <Honeypot />
      <input type="hidden" name="lines" value={requested} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="promoCode" value={appliedCode} />
      <div className="space-y-6">
        <FormResult result={form.result && !form.result.ok ? form.result : undefined} />
        <Step number={1} title="Customer Information">
          {prefill ? <SavedAddressPicker prefill={prefill} formRef={form.formRef} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              name="firstName"
              label="First Name"
              required
              autoComplete="given-name"
              error={errors.firstName}
              defaultValue={form.values.firstName}
            />
            <FormField
              name="lastName"
              label="Last Name"
              required
              autoComplete="family-name"
              error={errors.lastName}
              defaultValue={form.values.lastName}
            />
            <FormField
              name="email"
              label="Email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              error={errors.email}
              defaultValue={form.values.email}
            />
            <FormField
              name="phone"
              label="Phone"
              type="tel"
              required
              autoComplete="tel"
              inputMode="tel"
              error={errors.phone}
              defaultValue={form.values.phone}
            />
            <FormField
              name="companyName"
              label="Company Name (optional)"
              autoComplete="organization"
              maxLength={120}
              error={errors.companyName}
              defaultValue={form.values.companyName}
            />
            <FormField
              name="vatNumber"
              label="Company VAT Number (optional)"
              inputMode="numeric"
              autoComplete="off"
              maxLength={40}
              error={errors.vatNumber}
              defaultValue={form.values.vatNumber}
            />
            <p className="text-sm text-muted-foreground sm:col-span-2">
              Buying for a business? Above R5,000 the tax invoice names your company and its VAT
              number.
            </p>
          </div>
        </Step>
        <Step number={2} title="Delivery Information">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <FormField
                name="address"
                label="Street Address"
                required
                autoComplete="street-address"
                error={errors.address}
                defaultValue={form.values.address}
              />
            </div>
            <FormField
              name="city"
              label="City / Town"
              required
              autoComplete="address-level2"
              error={errors.city}
              defaultValue={form.values.city}
            />
            <FormField
              name="postal"
              label="Postal Code"
              required
              autoComplete="postal-code"
              inputMode="numeric"
              error={errors.postal}
              defaultValue={form.values.postal}
            />
          </div>
          <fieldset className="mt-5">
            <legend className="text-sm font-medium">Delivery method</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <Choice
                name="deliveryMethod"
                value="standard"
                checked={deliveryMethod === "standard"}
                onChange={() => setDeliveryMethod("standard")}
                title="Standard Delivery"
                note="3-7 business days"
                price={
                  quote
                    ? quote.totals.subtotalCents >= settings.freeDeliveryThresholdCents
                      ? "Free"
                      : formatMoney(settings.standardDeliveryCents)
                    : `Free from ${formatMoney(settings.freeDeliveryThresholdCents)}`
                }
              />
              <Choice
                name="deliveryMethod"
                value="express"
                checked={deliveryMethod === "express"}
                onChange={() => setDeliveryMethod("express")}
                title="Express Delivery"
                note="1-2 business days"
                price={formatMoney(settings.expressDeliveryCents)}
              />
            </div>
          </fieldset>
        </Step>
        <Step number={3} title="Payment Information">
          <LaybyOption
            plan={plan}
            onPlan={setPlan}
            deposit={laybyDeposit}
            onDeposit={setLaybyDeposit}
            months={laybyMonths}
            onMonths={setLaybyMonths}
            totalCents={quote ? quote.totals.totalCents : null}
            terms={quote?.layby ?? null}
            errors={errors}
          />
          <fieldset>
            <legend className={plan === "layby" ? "mb-2 text-sm font-medium" : "sr-only"}>
              {plan === "layby" ? "Pay the deposit and instalments by" : "Payment method"}
            </legend>
            <div className="grid gap-3">
              {PAYMENT_OPTIONS.filter((o) => offered.includes(o.value)).map((option) => (
                <Choice
                  key={option.value}
                  name="paymentMethod"
                  value={option.value}
                  checked={paymentMethod === option.value}
                  onChange={() => setPaymentMethod(option.value)}
                  title={option.label}
                  note={
                    option.value === "payflex" && quote
                      ? `4 interest-free payments of ${formatMoney(Math.ceil(quote.totals.totalCents / 4))}`
                      : option.note
                  }
                />
              ))}
            </div>
            {noPayment ? (
              <p role="status" className="rounded-md border p-3 text-sm">
                Online payment is not yet available. Please call us at{" "}
                <a href={telHref(settings.phone)} className="font-medium text-primary underline">
                  {settings.phone}
                </a>{" "}
                to place your order.
              </p>
            ) : null}
            {errors.paymentMethod ? (
              <p className="mt-2 text-sm text-destructive">{errors.paymentMethod}</p>
            ) : null}
          </fieldset>
          <p className="mt-4 flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
            <Icon name="lock" className="mt-0.5 size-4 shrink-0 text-primary" />
            You enter your card or banking details on the payment provider&apos;s secure page, never
            on our site. We do not see or keep your card number.
          </p>
          <div className="mt-4 flex items-start gap-2">
            <input
              id="field-terms"
              type="checkbox"
              name="terms"
              className="mt-1 size-4 accent-primary"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "field-terms-error" : undefined}
            />
            <label
              htmlFor="field-terms"
              data-slot="label"
              className="text-sm leading-none font-normal select-none"
            >
              I agree to the{" "}
              <Link to="/terms" className="text-primary underline" target="_blank">
                Terms and Conditions
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="text-primary underline" target="_blank">
                Privacy Policy
              </Link>
            </label>
          </div>
          {errors.terms ? (
            <p id="field-terms-error" className="mt-1 text-sm text-destructive">
              {errors.terms}
            </p>
          ) : null}
        </Step>
      </div>

      <CheckoutSummary
        lines={lines}
        quote={quote}
        failed={failed}
        promo={
          <PromoCode
            applied={appliedCode}
            message={quote?.promoMessage ?? errors.promoCode ?? null}
            onApply={setPromoCode}
          />
        }
        action={
          <Button
            type="submit"
            size="lg"
            className="mt-5 w-full"
            disabled={form.submitting || blocked}
          >
            {form.submitting ? "Processing Order..." : "Complete Order"}
          </Button>
        }
      />
    </Form>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="p-5">
      <h2 id={id} className="mb-4 flex items-center gap-3 text-lg font-semibold">
        <span className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Choice(props: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  note: string;
  price?: string;
}) {
  return (
    <label
      className={clsx(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-3",
        props.checked && "border-primary ring-1 ring-primary",
      )}
    >
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={props.onChange}
        className="mt-1 size-4 accent-primary"
      />
      <span className="flex-1">
        <span className="block font-medium">{props.title}</span>
        <span className="block text-sm text-muted-foreground">{props.note}</span>
      </span>
      {props.price ? <span className="text-sm font-medium">{props.price}</span> : null}
    </label>
  );
}
