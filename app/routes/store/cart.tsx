import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { notify } from "~/lib/notify";
import { CartEmptyState, CartNeedsScript } from "~/components/store/cart/cart-empty-state";
import { CartLineItem } from "~/components/store/cart/cart-line-item";
import { OrderSummary } from "~/components/store/cart/order-summary";
import { useCurrentCartLines } from "~/components/store/cart/use-current-cart-lines";
import { useHydrated } from "~/components/store/cart/use-hydrated";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { cartTotals, itemCount } from "~/domain/cart/cart-lines";
import { removeFromCart, setCartQuantity, useCartLines } from "~/domain/cart/cart-store";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Shopping Cart", "The beds, mattresses and bedding in your cart."),
  { name: "robots", content: "noindex" },
];

// The cart lives in the shopper's browser: the server renders the page's frame only.
export default function CartPage() {
  const hydrated = useHydrated();
  const lines = useCartLines();
  const count = itemCount(lines);

  return (
    <div className="mx-auto min-h-[60vh] max-w-6xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Shopping Cart</h1>
      <p className="mt-1 min-h-6 text-muted-foreground">
        {hydrated && count > 0 ? `${count} ${count === 1 ? "item" : "items"} in your cart` : ""}
      </p>
      {!hydrated ? <CartNeedsScript /> : lines.length === 0 ? <CartEmptyState /> : <CartContents />}
    </div>
  );
}

function CartContents() {
  const settings = useStoreSettings();
  const lines = useCartLines();
  const { current, previousPrices, failed } = useCurrentCartLines(lines);
  const isGone = (variantId: number) => current.get(variantId)?.sold === false;
  const goneCount = lines.filter((l) => isGone(l.variantId)).length;
  // Lines the shop no longer sells are shown but not counted.
  const totals = cartTotals(
    lines.filter((l) => !isGone(l.variantId)),
    settings,
  );

  function remove(variantId: number) {
    removeFromCart(variantId);
    notify.message("Removed from Cart", { description: "Item has been removed from your cart" });
  }

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-label="Items in your cart">
        <ul className="divide-y border-y">
          {lines.map((line) => (
            <CartLineItem
              key={line.variantId}
              line={line}
              current={current.get(line.variantId)}
              previousPriceCents={previousPrices.get(line.variantId)}
              onQuantityChange={(quantity) => setCartQuantity(line.variantId, quantity)}
              onRemove={() => remove(line.variantId)}
            />
          ))}
        </ul>
        <Link
          to="/beds"
          className="mt-6 inline-flex items-center gap-2 font-medium text-primary hover:underline"
        >
          <Icon name="arrow-left" className="size-4" />
          Continue Shopping
        </Link>
      </section>
      <OrderSummary
        totals={totals}
        blockedReason={
          goneCount > 0
            ? `Remove the ${goneCount === 1 ? "item" : "items"} no longer available to continue.`
            : undefined
        }
        note={
          failed
            ? "We could not check today's prices just now; prices are confirmed at checkout."
            : undefined
        }
      />
    </div>
  );
}
