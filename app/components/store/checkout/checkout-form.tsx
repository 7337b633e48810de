import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { DeliveryAddressFields } from "~/components/store/delivery-address-fields";
import { FormField } from "~/components/store/form-field";
import { ErrorSummary } from "~/components/store/error-summary";
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
import { useCheckoutQuote, type QuoteAddress } from "./use-checkout-quote";
import { DeliveryDayChoice } from "./delivery-day-choice";
import { AddOnChoices } from "./add-on-choice";
import { CHECKOUT_FIELDS } from "./checkout-fields";
import type { AddOnChoice } from "~/domain/orders/add-ons";
import { deliveryQuotedMessage, QUOTED_ORDER_BUTTON } from "~/domain/delivery/quoted-message";

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
  const [address, setAddress] = useState<QuoteAddress>({ postal: "", city: "", province: "" });
  const form = usePublicForm({
    loadSchema: () => import("~/domain/orders/checkout-schema").then((m) => m.checkoutSchema),
  });
  // Ticked again after a failed post without JavaScript; none to begin with.
  const [addOns, setAddOns] = useState<AddOnChoice>(() => ({
    removal: form.values.removal === "on",
    assembly: form.values.assembly === "on",
  }));
  // A refusal by the server (a day just full, a code used meanwhile) asks for the summary again.
  const { quote, failed, updating } = useCheckoutQuote(
    lines,
    deliveryMethod,
    promoCode,
    address,
    addOns,
    form.fetcher.data,
  );
  const errors = form.errors;
  // The fields that choose the delivery zone, read from the form whenever one changes.
  const readAddress = () => {
    const field = (name: string) => {
      const input = form.formRef.current?.elements.namedItem(name);
      return input instanceof HTMLInputElement || input instanceof HTMLSelectElement
        ? input.value
        : "";
    };
    const next = { postal: field("postal"), city: field("city"), province: field("province") };
    setAddress((now) =>
      now.postal === next.postal && now.city === next.city && now.province === next.province
        ? now
        : next,
    );
  };
  const delivery = quote?.delivery;
  const days = delivery?.days ?? [];
  const [deliveryDay, setDeliveryDay] = useState("");
  // The zone or the method changed and the day chosen is no longer offered: choose again.
  const chosenDay = days.some((d) => d.day === deliveryDay) ? deliveryDay : "";
  const expressShown = !delivery || delivery.expressCents !== null;
  // Express where this address's zone offers none: back to standard, visibly.
  useEffect(() => {
    if (delivery && delivery.expressCents === null && deliveryMethod === "express") {
      setDeliveryMethod("standard");
    }
  }, [delivery, deliveryMethod]);

  // A lay-by is paid by card or PayFast, never PayFlex.
  const offered = quote
    ? plan === "layby"
      ? quote.layby.paymentMethods
      : quote.paymentMethods
    : PAYMENT_OPTIONS.map((o) => o.value).filter((m) => plan === "full" || m !== "payflex");
  const minDeposit = quote?.layby.minDepositCents;
  // The cart changed to a total a deposit would cover: back to paying in full, visibly.
  const laybyUnavailable =
    quote !== null &&
    (quote.totals.totalCents <= quote.layby.minDepositCents || quote.delivery.quoted);
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
      onChange={(event) => {
        const name = (event.target as { name?: string }).name;
        if (name === "postal" || name === "city" || name === "province") readAddress();
      }}
      noValidate
      className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]"
    >
      <Honeypot />
      <input type="hidden" name="lines" value={requested} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {/* The code the shopper applied, even when the summary now refuses it: placing the order
          checks it again and says why, rather than dropping the discount unseen. */}
      <input type="hidden" name="promoCode" value={promoCode} />
      <div className="space-y-6">
        <ErrorSummary alert={form.alert} errors={errors} fields={CHECKOUT_FIELDS} />
        <Step number={1} title="Customer Information">
          {prefill ? (
            <SavedAddressPicker prefill={prefill} formRef={form.formRef} onFilled={readAddress} />
          ) : null}
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
          <DeliveryAddressFields idPrefix="field" errors={errors} values={form.values} />
          <fieldset className="mt-5">
            <legend className="text-sm font-medium">Delivery method</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <Choice
                id="field-deliveryMethod"
                error={errors.deliveryMethod}
                name="deliveryMethod"
                value="standard"
                checked={deliveryMethod === "standard"}
                onChange={() => setDeliveryMethod("standard")}
                title="Standard Delivery"
                note={
                  delivery?.zone ? `3-7 business days · ${delivery.zone.name}` : "3-7 business days"
                }
                price={
                  !delivery
                    ? `Free from ${formatMoney(settings.freeDeliveryThresholdCents)}`
                    : delivery.quoted || delivery.standardCents === null
                      ? "Quoted"
                      : delivery.standardCents === 0
                        ? "Free"
                        : formatMoney(delivery.standardCents)
                }
              />
              {expressShown ? (
                <Choice
                  error={errors.deliveryMethod}
                  name="deliveryMethod"
                  value="express"
                  checked={deliveryMethod === "express"}
                  onChange={() => setDeliveryMethod("express")}
                  title="Express Delivery"
                  note="1-2 business days"
                  price={formatMoney(delivery?.expressCents ?? settings.expressDeliveryCents)}
                />
              ) : null}
            </div>
            {delivery && !delivery.quoted && delivery.expressCents === null ? (
              <p className="mt-2 text-sm text-muted-foreground">
                Express delivery is not offered to this address.
              </p>
            ) : null}
            {delivery?.quoted ? (
              <p
                role="status"
                data-testid="delivery-quoted"
                className="mt-3 rounded-md border border-primary/40 p-3 text-sm"
              >
                <strong className="font-medium">Delivery quoted.</strong>{" "}
                {deliveryQuotedMessage(settings)}
              </p>
            ) : null}
            {errors.deliveryMethod ? (
              <p id="field-deliveryMethod-error" className="mt-2 text-sm text-destructive">
                {errors.deliveryMethod}
              </p>
            ) : null}
          </fieldset>
          {delivery?.zone && plan === "layby" ? (
            <p className="mt-5 rounded-md border p-3 text-sm" data-testid="delivery-day-layby">
              <strong className="font-medium">Delivery Day.</strong> On lay-by, your delivery day is
              booked when the lay-by is paid in full: we book the earliest free day and tell you by
              e-mail, and you can move it on your order&apos;s page.
            </p>
          ) : delivery?.zone ? (
            <DeliveryDayChoice
              idPrefix="field"
              days={days}
              value={chosenDay}
              onChange={setDeliveryDay}
              error={errors.deliveryDay}
            />
          ) : errors.deliveryDay ? (
            <p id="field-deliveryDay" tabIndex={-1} className="mt-2 text-sm text-destructive">
              {errors.deliveryDay}
            </p>
          ) : null}
          <AddOnChoices
            chosen={addOns}
            onChange={setAddOns}
            feeCents={{
              removal: quote?.addOnFees.removalCents ?? settings.removalFeeCents,
              assembly: quote?.addOnFees.assemblyCents ?? settings.assemblyFeeCents,
            }}
            errors={errors}
          />
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
            refusedBecause={
              delivery?.quoted
                ? "Not where we quote the delivery: pay in full once quoted"
                : undefined
            }
          />
          <fieldset>
            <legend className={plan === "layby" ? "mb-2 text-sm font-medium" : "sr-only"}>
              {plan === "layby" ? "Pay the deposit and instalments by" : "Payment method"}
            </legend>
            <div className="grid gap-3">
              {PAYMENT_OPTIONS.filter((o) => offered.includes(o.value)).map((option, index) => (
                <Choice
                  key={option.value}
                  id={index === 0 ? "field-paymentMethod" : undefined}
                  error={errors.paymentMethod}
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
              <p id="field-paymentMethod-error" className="mt-2 text-sm text-destructive">
                {errors.paymentMethod}
              </p>
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
        updating={updating}
        promo={
          <PromoCode
            applied={appliedCode}
            pending={promoCode}
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
            {form.submitting
              ? "Processing Order..."
              : delivery?.quoted
                ? QUOTED_ORDER_BUTTON
                : "Complete Order"}
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
  /** The first choice of a group: where the error summary's link goes. */
  id?: string;
  /** The group's error: each choice is marked invalid and described by it. */
  error?: string;
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
        id={props.id}
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={props.onChange}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `field-${props.name}-error` : undefined}
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
