import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of the newsletter pages (sign-up result, confirmation, unsubscribe). */
export function NewsletterPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg space-y-6 px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
      <Link to="/" className="inline-block text-primary underline underline-offset-4">
        Continue shopping
      </Link>
    </div>
  );
}
