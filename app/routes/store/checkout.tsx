import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { CartNeedsScript } from "~/components/store/cart/cart-empty-state";
import { useHydrated } from "~/components/store/cart/use-hydrated";
import { CheckoutEmptyState, CheckoutForm } from "~/components/store/checkout/checkout-form";
import { newIdempotencyKey } from "~/domain/orders/checkout.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { listAddresses } from "~/domain/shoppers/addresses.server";
import { submitCheckout } from "./checkout-action.server";
import { useCartLines } from "~/domain/cart/cart-store";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { pageMeta } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Checkout", "Your details, delivery and payment for your order."),
  { name: "robots", content: "noindex" },
];

/**
 * Each checkout page gets a fresh key: submitting it twice gives one order. A signed-in shopper
 * also gets their e-mail and saved addresses to fill in; a guest's checkout is unchanged.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const prefill = user ? { email: user.email, addresses: await listAddresses(user.id) } : null;
  return { idempotencyKey: newIdempotencyKey(), prefill };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitCheckout(request, context, siteUrl());
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

// The cart lives in the shopper's browser: the form appears once the page's script runs.
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const lines = useCartLines();
  return (
    <div className="mx-auto min-h-[60vh] max-w-6xl px-4 py-8 md:py-12">
      <Link
        to="/cart"
        className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <Icon name="arrow-left" className="size-4" />
        Back to Cart
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Checkout</h1>
      {!hydrated ? (
        <CartNeedsScript />
      ) : lines.length === 0 ? (
        <CheckoutEmptyState />
      ) : (
        <CheckoutForm
          lines={lines}
          idempotencyKey={loaderData.idempotencyKey}
          prefill={loaderData.prefill}
        />
      )}
    </div>
  );
}
