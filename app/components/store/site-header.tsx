import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useCartCount } from "~/domain/cart/cart-store";
import { formatMoney } from "~/lib/money";
import { telHref, useStoreSettings } from "./use-store-settings";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/beds", label: "Beds" },
  { to: "/mattresses", label: "Mattresses" },
  { to: "/bedding", label: "Bedding" },
  { to: "/products", label: "All Products" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export function SiteHeader() {
  const settings = useStoreSettings();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="hidden bg-primary text-primary-foreground lg:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-4 py-2 text-sm">
          <div className="flex items-center gap-6">
            <a href={telHref(settings.phone)} className="flex items-center gap-1.5 hover:underline">
              <Icon name="phone" className="size-4" /> {settings.phone}
            </a>
            <a
              href={`mailto:${settings.email}`}
              className="flex items-center gap-1.5 hover:underline"
            >
              <Icon name="mail" className="size-4" /> {settings.email}
            </a>
            <span className="flex items-center gap-1.5">
              <Icon name="map-pin" className="size-4" /> {settings.streetAddress}, {settings.town}
            </span>
          </div>
          <div className="flex items-center gap-6">
            <span className="flex items-center gap-1.5">
              <Icon name="clock" className="size-4" />
              {settings.footerHours.lines[0]?.days} {settings.footerHours.lines[0]?.hours}
            </span>
            <span className="flex items-center gap-1.5">
              <Icon name="truck" className="size-4" /> Free delivery on orders over{" "}
              {formatMoney(settings.freeDeliveryThresholdCents)}
            </span>
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <MobileMenu />
        <Link to="/" className="flex shrink-0 items-center gap-2">
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-lg bg-primary text-lg font-bold text-primary-foreground"
          >
            {settings.storeName.charAt(0)}
          </span>
          {/* The link's name is the shop's name, shown from the small breakpoint on. */}
          <span className="sr-only text-lg leading-tight font-bold sm:not-sr-only sm:block">
            {settings.storeName}
          </span>
        </Link>
        <Form
          method="get"
          action="/products"
          role="search"
          className="relative mx-auto hidden max-w-md flex-1 md:block"
        >
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            placeholder="Search beds, mattresses, bedding..."
            className="h-10 w-full rounded-full border border-input bg-muted/50 pr-10 pl-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <button
            type="submit"
            className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-full text-muted-foreground hover:bg-muted"
            aria-label="Search"
          >
            <Icon name="search" className="size-4" />
          </button>
        </Form>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <CartLink />
          <Link
            to="/account"
            className="inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-muted"
          >
            <Icon name="user" className="size-5" />
            <span className="hidden sm:inline">Account</span>
            <span className="sr-only sm:hidden">Account</span>
          </Link>
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t md:block">
        <ul className="mx-auto flex max-w-7xl items-center gap-1 px-4">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                className={({ isActive }) =>
                  clsx(
                    "inline-block px-3 py-2.5 text-sm font-medium hover:text-primary",
                    isActive && "text-primary underline decoration-2 underline-offset-8",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
      aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <Icon name="shopping-cart" className="size-5" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-accent-foreground"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

/** A <details> menu: opens and closes without JavaScript; closes itself after navigating. */
function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closes after a navigation, not when the page hydrates: a menu opened before the page's
  // JavaScript arrived stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details ref={ref} className="group md:hidden">
      <summary
        className="grid size-10 cursor-pointer list-none place-items-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <Icon name="menu" className="size-6 group-open:hidden" />
        <Icon name="x" className="hidden size-6 group-open:block" />
      </summary>
      <div className="absolute inset-x-0 top-full border-b bg-background shadow-lg">
        <form method="get" action="/products" role="search" className="px-4 pt-4">
          <label htmlFor="mobile-search" className="sr-only">
            Search products
          </label>
          <input
            id="mobile-search"
            type="search"
            name="q"
            placeholder="Search beds, mattresses, bedding..."
            className="h-11 w-full rounded-full border border-input bg-muted/50 px-4 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </form>
        <nav aria-label="Mobile">
          <ul className="flex flex-col p-2">
            {[...NAV_LINKS, { to: "/cart", label: "Cart" }].map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    clsx(
                      "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted",
                      isActive && "bg-muted text-primary",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </details>
  );
}
