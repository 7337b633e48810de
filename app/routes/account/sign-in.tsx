import { Form, Link, redirect, useNavigation } from "react-router";
import { AccountCard } from "~/components/store/account/account-shell";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { getSessionUser } from "~/domain/auth/session.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import { shopperSignInSchema } from "~/domain/shoppers/schemas";
import { invalid, refused } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { afterSignIn } from "~/lib/shopper-gate.server";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Sign in to your account") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const params = readSearchParams(request);
  const next = afterSignIn(params.get("next"));
  if (await getSessionUser(request)) throw redirect(next);
  return { next, reset: params.get("reset") === "done", deleted: params.get("deleted") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const next = afterSignIn(readSearchParams(request).get("next"));
  const formData = await readForm(request);
  const parsed = parseForm(shopperSignInSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const signedIn = await signInWithPassword({
    ...parsed.data,
    request,
    baseURL: siteUrl(),
    clientAddress: context.clientAddress,
  });
  if (signedIn.ok) throw redirect(next, { headers: signedIn.headers });
  // An account with two-factor sign-in on (staff) takes the same second step as on /admin-login.
  if (signedIn.reason === "two_factor") {
    throw redirect("/admin-login/two-factor", { headers: signedIn.headers });
  }
  if (signedIn.reason === "rate_limited") {
    return refused(429, { title: "Too many attempts", description: signedIn.message }, formData);
  }
  return refused(
    401,
    { title: "Sign In Failed", description: "That e-mail and password do not match an account." },
    formData,
  );
}

export default function AccountSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const values = actionData && !actionData.ok ? actionData.values : {};
  const query =
    loaderData.next === "/account" ? "" : `?next=${encodeURIComponent(loaderData.next)}`;
  return (
    <AccountCard
      title="Sign in to your account"
      intro={
        <>
          See your orders and saved addresses. No account yet?{" "}
          <Link to="/account/sign-up" className="font-medium text-primary underline">
            Create an account
          </Link>
          . You can also check out as a guest.
        </>
      }
    >
      {loaderData.reset && !actionData ? (
        <FormResult
          result={{
            ok: true,
            message: {
              title: "Password updated",
              description: "Please sign in with your new password.",
            },
          }}
        />
      ) : null}
      {loaderData.deleted && !actionData ? (
        <FormResult
          result={{
            ok: true,
            message: {
              title: "Account deleted",
              description: "Your account is deleted and your details erased.",
            },
          }}
        />
      ) : null}
      <FormResult result={actionData} />
      <Form method="post" action={`/account/sign-in${query}`} noValidate className="space-y-4">
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
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="rememberMe" className="size-4 accent-primary" />
            Remember me
          </label>
          <Link to="/account/forgot" className="text-primary underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
    </AccountCard>
  );
}
