import { Form, Link, useNavigation } from "react-router";
import { AccountCard } from "~/components/store/account/account-shell";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/forgot";

// The same request as the Admin Portal's (rate limits, one answer whether or not the address has
// an account); the e-mail's link leads a shopper's account to /account/reset.
export { action } from "../auth/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Forgot your password?") },
  { name: "robots", content: "noindex" },
];

export default function AccountForgot({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const values = actionData && !actionData.ok ? actionData.values : {};
  return (
    <AccountCard
      title="Forgot your password?"
      intro="Type the e-mail of your account and we will send you a link to choose a new password."
    >
      <FormResult result={actionData} />
      <Form method="post" action="/account/forgot" noValidate className="space-y-4">
        <FormField
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          error={errors.email}
          defaultValue={values.email}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <Link to="/account/sign-in" className="text-sm text-primary underline">
        Back to sign in
      </Link>
    </AccountCard>
  );
}
