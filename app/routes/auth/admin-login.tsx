import { Icon } from "~/components/store/icon";
import { useState } from "react";
import { Link, redirect } from "react-router";
import { AuthScreen, FormNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";
import { invalid, refused } from "~/lib/actions.server";
import { adminLoginSchema } from "~/domain/auth/schemas";
import { getSessionUser } from "~/domain/auth/session.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import { isStaffRole } from "~/domain/auth/roles";
import { parseForm } from "~/lib/forms";
import { siteUrl } from "~/lib/site-url.server";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { BACK_OFFICE_HOME, safeBackOfficePath, staffSignInPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/admin-login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Portal | Slumber Corner Beds" },
  { name: "robots", content: "noindex" },
];

const INVALID_CREDENTIALS = "Invalid credentials. Please try again.";

/** The back-office page asked for before signing in (`?next=`), kept only if it is one. */
function askedFor(request: Request): string | null {
  return safeBackOfficePath(readSearchParams(request).get("next"));
}

export async function loader({ request }: Route.LoaderArgs) {
  const next = askedFor(request);
  const user = await getSessionUser(request);
  if (user && isStaffRole(user.role)) throw redirect(next ?? BACK_OFFICE_HOME);
  const params = readSearchParams(request);
  return {
    next,
    passwordReset: params.get("reset") === "done",
    twoFactorExpired: params.get("two-factor") === "expired",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const next = askedFor(request);
  const formData = await readForm(request);
  const parsed = parseForm(adminLoginSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const signedIn = await signInWithPassword({
    ...parsed.data,
    request,
    baseURL: siteUrl(),
    clientAddress: context.clientAddress,
  });
  if (signedIn.ok) throw redirect(next ?? BACK_OFFICE_HOME, { headers: signedIn.headers });
  // The page asked for travels on through the code step.
  if (signedIn.reason === "two_factor") {
    throw redirect(staffSignInPath(next, "/admin-login/two-factor"), {
      headers: signedIn.headers,
    });
  }
  if (signedIn.reason === "rate_limited") {
    return refused(429, { title: "Too many attempts", description: signedIn.message }, formData);
  }
  return refused(401, { title: "Sign In Failed", description: INVALID_CREDENTIALS }, formData);
}

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = useAdminForm({ schema: adminLoginSchema, pageResult: actionData });
  const [showPassword, setShowPassword] = useState(false);
  const failure = form.result && !form.result.ok ? form.result.alert : null;
  return (
    <AuthScreen>
      <Card>
        <CardHeader className="text-center">
          <Icon name="shield-check" className="mx-auto size-10 text-primary" />
          <h1 className="text-2xl font-bold">Admin Portal</h1>
          <p className="text-sm text-muted-foreground">Sign in to manage the shop</p>
        </CardHeader>
        <CardContent>
          <form.fetcher.Form
            method="post"
            action={staffSignInPath(loaderData.next)}
            onSubmit={form.onSubmit}
            noValidate
            className="space-y-4"
          >
            {loaderData.passwordReset && !failure && (
              <FormNotice tone="success" title="Password updated">
                Your new password is set. Please sign in with it.
              </FormNotice>
            )}
            {loaderData.twoFactorExpired && !failure && (
              <FormNotice>
                Your sign-in has expired. Please sign in with your password again.
              </FormNotice>
            )}
            {failure && failure.title !== "Validation Error" && (
              <FormNotice>{failure.description}</FormNotice>
            )}
            <Field
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="admin@example.com"
              error={form.errors.email}
              onEdit={form.clearError}
              defaultValue={form.values.email}
            />
            <Field
              name="password"
              label="Password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              className="pr-10"
              error={form.errors.password}
              onEdit={form.clearError}
            >
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
                aria-label={showPassword ? "Hide password" : "Show password"}
              >
                {showPassword ? (
                  <Icon name="eye-off" className="size-4" />
                ) : (
                  <Icon name="eye" className="size-4" />
                )}
              </button>
            </Field>
            <div className="flex items-center justify-between gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="rememberMe" className="size-4 accent-primary" />
                Remember me
              </label>
              <Link to="/admin-login/forgot" className="text-primary hover:underline">
                Forgot password?
              </Link>
            </div>
            <Button type="submit" className="w-full" disabled={form.submitting}>
              {form.submitting ? "Signing in..." : "Sign In"}
            </Button>
          </form.fetcher.Form>
          <div className="mt-6 space-y-3 text-center text-sm">
            <Link
              to="/"
              className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground"
            >
              <Icon name="arrow-left" className="size-4" /> Back to Home
            </Link>
            <p className="text-xs text-muted-foreground">
              This is a secure area. All login attempts are monitored and logged.
            </p>
          </div>
        </CardContent>
      </Card>
    </AuthScreen>
  );
}
