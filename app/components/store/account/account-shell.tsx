import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { clsx } from "clsx";
import { Button } from "~/components/ui/button";

const LINKS = [
  { to: "/account", label: "Orders", end: true },
  { to: "/account/addresses", label: "Addresses", end: false },
  { to: "/account/privacy", label: "My data", end: false },
];

/** A signed-in shopper's pages: a heading, the account's menu and sign out. */
export function AccountShell({
  title,
  email,
  children,
}: {
  title: string;
  email: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-muted-foreground">My account · {email}</p>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        </div>
        <Form method="post" action="/account/sign-out">
          <Button type="submit" variant="outline">
            Sign out
          </Button>
        </Form>
      </div>
      <nav aria-label="My account" className="mt-6 border-b">
        <ul className="flex gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  clsx(
                    "inline-block border-b-2 px-3 py-2 text-sm font-medium",
                    isActive
                      ? "border-primary text-primary"
                      : "border-transparent hover:text-primary",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The signed-out pages' card: sign in, sign up, forgot and reset, verify. */
export function AccountCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-muted-foreground">{intro}</div> : null}
        <div className="mt-6 space-y-4">{children}</div>
      </div>
    </div>
  );
}
