import type { FormActionResult } from "~/lib/forms";
import { Honeypot } from "./honeypot";
import { usePublicForm } from "./use-public-form";

/** The newsletter box: e-mail and Subscribe, confirmed by e-mail (double opt-in). */
export function NewsletterForm({ pageResult }: { pageResult?: FormActionResult }) {
  const form = usePublicForm({
    loadSchema: () => import("~/domain/leads/schemas").then((m) => m.newsletterSchema),
    pageResult,
  });
  const error = form.errors.email;
  return (
    <form.fetcher.Form
      method="post"
      action="/newsletter"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="relative mt-3"
    >
      <div className="flex max-w-md gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          defaultValue={form.values.email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-email-error" : undefined}
          disabled={form.submitting}
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-3 text-base text-white placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:text-sm"
        />
        <button
          type="submit"
          disabled={form.submitting}
          className="h-10 rounded-md bg-accent px-4 text-sm font-semibold text-accent-foreground hover:bg-accent/90 disabled:opacity-50"
        >
          {form.submitting ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {error && (
        <p id="newsletter-email-error" className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-400">
        We'll e-mail you a link to confirm. Every newsletter has an unsubscribe link.
      </p>
      <Honeypot />
    </form.fetcher.Form>
  );
}
