import { Icon } from "~/components/store/icon";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { telHref, useStoreSettings } from "../use-store-settings";

function CartMessage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-6 flex min-h-80 flex-col items-center justify-center rounded-xl border border-dashed px-4 py-12 text-center">
      <Icon name="shopping-cart" className="size-12 text-muted-foreground" />
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <div className="mt-2 max-w-md text-muted-foreground">{children}</div>
      <Link to="/beds" className={buttonVariants({ size: "lg", className: "mt-6" })}>
        Start Shopping
      </Link>
    </div>
  );
}

export function CartEmptyState() {
  return (
    <CartMessage title="Your cart is empty">
      <p>Browse our beds, mattresses and bedding and add what you like.</p>
    </CartMessage>
  );
}

/** What the page shows before its script runs: the cart lives in the browser, not on our server. */
export function CartNeedsScript() {
  const { phone } = useStoreSettings();
  return (
    <CartMessage title="Your cart is kept in this browser">
      <p>
        Showing it needs JavaScript. If your cart does not appear, switch JavaScript on, or call us
        on{" "}
        <a href={telHref(phone)} className="font-medium text-primary underline">
          {phone}
        </a>{" "}
        to order.
      </p>
    </CartMessage>
  );
}
