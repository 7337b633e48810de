import { Form, Link, redirect } from "react-router";
import { AuthScreen, FormNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";
import { Icon } from "~/components/store/icon";
import { signInCodeSchema } from "~/domain/auth/security-schemas";
import { pendingSignIn, signInWithCode } from "~/domain/auth/two-factor-sign-in.server";
import { invalid, refused } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { BACK_OFFICE_HOME, safeBackOfficePath, staffSignInPath } from "~/lib/safe-redirect";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [
  { title: "Two-Factor Sign-In | Slumber Corner Beds" },
  { name: "robots", content: "noindex" },
];

const CODE_STEP = "/admin-login/two-factor";

/** The back-office page asked for before signing in, carried here from the password step. */
function askedFor(request: Request): string | null {
  return safeBackOfficePath(readSearchParams(request).get("next"));
}

/** Only a sign-in whose password was right comes here; anyone else starts at the password. */
export function loader({ request }: Route.LoaderArgs) {
  const next = askedFor(request);
  const pending = pendingSignIn(request, siteUrl());
  if (!pending) throw redirect(staffSignInPath(next));
  return { email: pending.email, next };
}

export async function action({ request, context }: Route.ActionArgs) {
  const next = askedFor(request);
  const formData = await readForm(request);
  const parsed = parseForm(signInCodeSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const result = await signInWithCode({
    code: parsed.data.code,
    request,
    baseURL: siteUrl(),
    clientAddress: context.clientAddress,
  });
  if (result.ok) {
    throw redirect(result.isStaff ? (next ?? BACK_OFFICE_HOME) : "/", { headers: result.headers });
  }
  if (result.reason === "expired") {
    const signIn = staffSignInPath(next);
    const expired = `${signIn}${signIn.includes("?") ? "&" : "?"}two-factor=expired`;
    throw redirect(expired, { headers: result.headers });
  }
  return refused(
    result.reason === "rate_limited" ? 429 : 401,
    { title: "Sign In Failed", description: result.message },
    formData,
    result.reason === "invalid" ? { code: result.message } : {},
  );
}

/** The sign-in's second step, for /admin-login and /auth alike: a plain form, no script needed. */
export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <AuthScreen>
      <Card>
        <CardHeader className="text-center">
          <Icon name="shield-check" className="mx-auto size-10 text-primary" />
          <h1 className="text-2xl font-bold">Two-Factor Sign-In</h1>
          <p className="text-sm text-muted-foreground">
            Signing in as <span className="font-medium text-foreground">{loaderData.email}</span>
          </p>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            action={staffSignInPath(loaderData.next, CODE_STEP)}
            noValidate
            className="space-y-4"
          >
            {failure && !failure.fieldErrors.code && (
              <FormNotice title={failure.alert.title}>{failure.alert.description}</FormNotice>
            )}
            <Field
              name="code"
              label="Authentication code"
              hint="The 6-digit code your authenticator app shows, or one of your backup codes."
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              error={failure?.fieldErrors.code}
              required
              autoFocus
            />
            <Button type="submit" className="w-full">
              Verify
            </Button>
          </Form>
          <div className="mt-6 space-y-3 text-center text-sm">
            <Link
              to={staffSignInPath(loaderData.next)}
              className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground"
            >
              <Icon name="arrow-left" className="size-4" /> Back to sign in
            </Link>
            <p className="text-xs text-muted-foreground">
              Lost your phone and your backup codes? Ask the shop&apos;s owner to reset your
              two-factor sign-in.
            </p>
          </div>
        </CardContent>
      </Card>
    </AuthScreen>
  );
}
