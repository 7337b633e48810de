import { Form, Link, redirect, useNavigation } from "react-router";
import { AccountCard } from "~/components/store/account/account-shell";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { resetPassword } from "~/domain/auth/accounts.server";
import { shopperResetSchema } from "~/domain/shoppers/schemas";
import { invalid, refused } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/reset";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Choose a new password") },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: (readSearchParams(request).get("token") ?? "").slice(0, 500) };
}

/** Sets the new password (every session of the account ends) and goes to sign in. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = parseForm(shopperResetSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const reset = await resetPassword({
    token: parsed.data.token,
    newPassword: parsed.data.password,
    baseURL: siteUrl(),
    clientAddress: context.clientAddress,
  });
  if (!reset.ok) return refused(400, { title: "Error", description: reset.message }, formData);
  throw redirect("/account/sign-in?reset=done");
}

export default function AccountReset({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <AccountCard title="Choose a new password">
      {!loaderData.token ? (
        <p role="alert">
          This reset link is incomplete.{" "}
          <Link to="/account/forgot" className="text-primary underline">
            Ask for a new one
          </Link>
          .
        </p>
      ) : (
        <>
          <FormResult result={actionData} />
          <Form method="post" action="/account/reset" noValidate className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <FormField
              name="password"
              label="New password (at least 6 characters)"
              type="password"
              required
              autoComplete="new-password"
              error={errors.password ?? errors.token}
            />
            <FormField
              name="confirmPassword"
              label="Confirm new password"
              type="password"
              required
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Saving..." : "Set new password"}
            </Button>
          </Form>
        </>
      )}
    </AccountCard>
  );
}
