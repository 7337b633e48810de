import { Form, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/store/account/account-shell";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { deleteOwnAccount } from "~/domain/privacy/own-data.server";
import { deleteOwnAccountSchema } from "~/domain/privacy/schemas";
import { isEmailVerified } from "~/domain/shoppers/shopper-auth.server";
import { attempt, invalid } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { pageTitle } from "~/lib/seo";
import { requireShopper } from "~/lib/shopper-gate.server";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "My data") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  return { email: user.email, verified: await isEmailVerified(user.id) };
}

/** Deletes the shopper's own account, under the rules of the owner's erasure. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireShopper(request);
  const formData = await readForm(request);
  const parsed = parseForm(deleteOwnAccountSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    await deleteOwnAccount({
      user,
      password: parsed.data.password,
      request,
      baseURL: siteUrl(),
      clientAddress: context.clientAddress,
    });
    return redirect("/account/sign-in?deleted=1");
  });
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <AccountShell title="My data" email={loaderData.email}>
      <div className="max-w-2xl space-y-8">
        <FormResult result={actionData} />
        {!loaderData.verified ? (
          <p className="rounded-lg border bg-muted p-4 text-sm">
            Please confirm your e-mail address first (the link is on your orders page): we send and
            delete what we hold under an address only for its owner.
          </p>
        ) : null}
        <section aria-labelledby="download-heading" className="space-y-3">
          <h2 id="download-heading" className="text-xl font-semibold">
            Download my data
          </h2>
          <p className="text-sm text-muted-foreground">
            One file (JSON) with everything we hold under {loaderData.email}: your account and
            addresses, orders with their payments, invoices, enquiries and newsletter subscription.
          </p>
          <Form method="post" action="/account/privacy/export" reloadDocument>
            <Button type="submit" variant="outline" disabled={!loaderData.verified}>
              Download my data
            </Button>
          </Form>
        </section>
        <section aria-labelledby="delete-heading" className="space-y-3">
          <h2 id="delete-heading" className="text-xl font-semibold">
            Delete my account
          </h2>
          <p className="text-sm text-muted-foreground">
            Your account, saved addresses, enquiries and newsletter subscription are deleted. Your
            orders and invoices are accounting records the law makes us keep: they stay, with your
            name, contact details and address removed (a tax invoice over R5,000 keeps the name and
            address it must show). An order still on its way must be delivered first. This cannot be
            undone.
          </p>
          <Form method="post" noValidate className="space-y-4">
            <FormField
              name="password"
              label="Your password, to confirm"
              type="password"
              required
              autoComplete="current-password"
              error={errors.password}
            />
            <Button type="submit" variant="destructive" disabled={busy || !loaderData.verified}>
              Delete my account
            </Button>
          </Form>
        </section>
      </div>
    </AccountShell>
  );
}
