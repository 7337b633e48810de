import { Icon } from "~/components/store/icon";
import { useEffect } from "react";
import { data, redirect, useFetcher } from "react-router";
import { FormField } from "~/components/store/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DEMO_APPROVE_CARD, DEMO_DECLINE_CARD } from "~/domain/payments/demo-cards";
import { checkCard, notifyShop, readDemoRequest } from "~/domain/payments/demo-gateway.server";
import { isDemoPayments } from "~/domain/payments/providers.server";
import { formatMoney } from "~/lib/money";
import { notify } from "~/lib/notify";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/demo-gateway";

export const meta: Route.MetaFunction = () => [
  { title: "Demo payment gateway" },
  { name: "robots", content: "noindex" },
];

function paymentRequest(request: Request) {
  if (!isDemoPayments()) throw data("Not found", { status: 404 });
  const payment = readDemoRequest(new URL(request.url).searchParams);
  if (!payment) throw data("This payment link is not valid.", { status: 400 });
  return payment;
}

export function loader({ request }: Route.LoaderArgs) {
  const payment = paymentRequest(request);
  return {
    amountCents: payment.amountCents,
    method: payment.method,
    item: payment.item,
    cancelUrl: payment.cancelUrl,
  };
}

type GatewayAnswer = {
  alert: { title: string; description: string };
  fieldErrors: Record<string, string>;
};

/**
 * The demo gateway's own handling of the shopper's choice: check the card (or take approve /
 * decline), tell the shop with a signed notification, then send the shopper back. The card
 * number and CVV are used only here, in memory: the shop hears the brand and last four digits.
 */
export async function action({ request }: Route.ActionArgs) {
  const payment = paymentRequest(request);
  const form = Object.fromEntries(await readForm(request));
  let result: { status: "approved" | "declined" | "cancelled"; brand?: string; last4?: string };
  if (payment.method === "card") {
    const card = checkCard(form);
    if (!card.ok) {
      return data<GatewayAnswer>(
        { alert: card.alert, fieldErrors: card.fieldErrors },
        { status: 400 },
      );
    }
    result = { status: card.status, brand: card.brand, last4: card.last4 };
  } else {
    const choice = form.intent;
    if (choice !== "approve" && choice !== "decline") {
      return data<GatewayAnswer>(
        {
          alert: { title: "Choose an outcome", description: "Approve or decline the payment." },
          fieldErrors: {},
        },
        { status: 400 },
      );
    }
    result = { status: choice === "approve" ? "approved" : "declined" };
  }
  const delivered = await notifyShop(payment, result);
  if (!delivered) {
    return data<GatewayAnswer>(
      {
        alert: {
          title: "The shop could not be reached",
          description: "No money was taken. Please try again in a moment.",
        },
        fieldErrors: {},
      },
      { status: 502 },
    );
  }
  throw redirect(payment.returnUrl);
}

const METHOD_TITLES = {
  card: "Pay by card",
  payfast: "Instant EFT",
  payflex: "PayFlex: 4 interest-free payments",
} as const;

export default function DemoGatewayPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<GatewayAnswer>();
  const answer = fetcher.data;
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && answer) {
      notify.error(answer.alert.title, { description: answer.alert.description });
    }
  }, [fetcher.state, answer]);
  const errors = answer?.fieldErrors ?? {};

  return (
    // Inside the shop layout's <main>: one main landmark per page.
    <div className="min-h-screen bg-muted/40 px-4 py-8">
      <div className="mx-auto max-w-md">
        <div
          role="note"
          className="flex gap-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <Icon name="flask-conical" className="size-5 shrink-0" />
          <p>
            <strong>Demo payment gateway.</strong> No real money moves. It stands in for a payment
            provider&apos;s page until the shop is connected to PayFast or PayFlex.
          </p>
        </div>
        <Card className="mt-4 p-6">
          <p className="text-sm text-muted-foreground">{loaderData.item}</p>
          <p className="text-3xl font-bold tabular-nums">
            {formatMoney(loaderData.amountCents, { cents: true })}
          </p>
          <h1 className="mt-4 text-lg font-semibold">{METHOD_TITLES[loaderData.method]}</h1>
          {answer ? (
            <p role="alert" className="mt-3 rounded-md bg-destructive/10 p-3 text-sm">
              <strong>{answer.alert.title}</strong> {answer.alert.description}
            </p>
          ) : null}
          {loaderData.method === "card" ? (
            <fetcher.Form method="post" className="mt-4 space-y-4" noValidate>
              <FormField
                name="cardNumber"
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={19}
                placeholder="1234 5678 9012 3456"
                error={errors.cardNumber}
              />
              <div className="grid grid-cols-2 gap-4">
                <FormField
                  name="expiry"
                  label="Expiry (MM/YY)"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  maxLength={5}
                  placeholder="MM/YY"
                  error={errors.expiry}
                />
                <FormField
                  name="cvv"
                  label="CVV"
                  type="password"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  error={errors.cvv}
                />
              </div>
              <FormField
                name="cardName"
                label="Name on card"
                autoComplete="cc-name"
                maxLength={100}
                error={errors.cardName}
              />
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                <Icon name="lock" className="size-4" />
                {busy
                  ? "Processing..."
                  : `Pay ${formatMoney(loaderData.amountCents, { cents: true })}`}
              </Button>
              <p className="text-xs text-muted-foreground">
                Test cards: {spaced(DEMO_APPROVE_CARD)} is approved, {spaced(DEMO_DECLINE_CARD)} is
                declined. Any future expiry date and any 3 digits for the CVV.
              </p>
            </fetcher.Form>
          ) : (
            <fetcher.Form method="post" className="mt-4 grid gap-3">
              <Button type="submit" name="intent" value="approve" size="lg" disabled={busy}>
                Approve payment
              </Button>
              <Button
                type="submit"
                name="intent"
                value="decline"
                variant="outline"
                size="lg"
                disabled={busy}
              >
                Decline payment
              </Button>
            </fetcher.Form>
          )}
          <a
            href={loaderData.cancelUrl}
            className={buttonVariants({ variant: "link", className: "mt-4 w-full" })}
          >
            Cancel and return to the shop
          </a>
        </Card>
      </div>
    </div>
  );
}

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");
