import { Form, Link, redirect, useNavigation } from "react-router";
import { AccountCard } from "~/components/store/account/account-shell";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { signUpNotice } from "~/domain/auth/accounts.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { signUpShopper } from "~/domain/shoppers/shopper-auth.server";
import { shopperSignUpSchema } from "~/domain/shoppers/schemas";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Create an account") },
  { name: "robots", content: "noindex" },
];

/** ?name=&email= prefill the form (the order page's "create an account with these details"). */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/account");
  const params = readSearchParams(request);
  return {
    name: (params.get("name") ?? "").slice(0, 120),
    email: (params.get("email") ?? "").slice(0, 255),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = parseForm(shopperSignUpSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const result = await signUpShopper({
      ...parsed.data,
      baseURL: siteUrl(),
      clientAddress: context.clientAddress,
    });
    if (result.ok) {
      const notice = signUpNotice(parsed.data.email);
      return succeeded(notice.title, notice.description);
    }
    if (result.rateLimited) {
      return refused(429, { title: "Too many attempts", description: result.message }, formData);
    }
    return refused(400, { title: "Sign Up Failed", description: result.message }, formData);
  });
}

export default function AccountSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const values = actionData && !actionData.ok ? actionData.values : loaderData;
  return (
    <AccountCard
      title="Create an account"
      intro={
        <>
          Keep your orders and delivery addresses in one place. Already have an account?{" "}
          <Link to="/account/sign-in" className="font-medium text-primary underline">
            Sign in
          </Link>
          .
        </>
      }
    >
      <FormResult result={actionData} />
      {actionData?.ok ? null : (
        <Form method="post" action="/account/sign-up" noValidate className="space-y-4">
          <FormField
            name="name"
            label="Full name"
            required
            autoComplete="name"
            error={errors.name}
            defaultValue={values.name}
          />
          <FormField
            name="email"
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={errors.email}
            defaultValue={values.email}
          />
          <FormField
            name="password"
            label="Password (at least 6 characters)"
            type="password"
            required
            autoComplete="new-password"
            error={errors.password}
          />
          <FormField
            name="confirmPassword"
            label="Confirm password"
            type="password"
            required
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <p className="text-sm text-muted-foreground">
            We e-mail you a link to confirm your address. Orders you placed as a guest with it join
            your account once it is confirmed. See our{" "}
            <Link to="/privacy" className="text-primary underline">
              privacy policy
            </Link>
            .
          </p>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Creating..." : "Create account"}
          </Button>
        </Form>
      )}
    </AccountCard>
  );
}
