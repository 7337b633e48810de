import { Icon } from "~/components/store/icon";
import { Link, redirect } from "react-router";
import { AuthScreen, FormNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";
import { invalid, refused } from "~/lib/actions.server";
import { resetPassword } from "~/domain/auth/accounts.server";
import { resetPasswordSchema } from "~/domain/auth/schemas";
import { parseForm } from "~/lib/forms";
import { siteUrl } from "~/lib/site-url.server";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a New Password | Slumber Corner Beds" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = parseForm(resetPasswordSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const reset = await resetPassword({
    token: parsed.data.token,
    newPassword: parsed.data.password,
    baseURL: siteUrl(),
    clientAddress: context.clientAddress,
  });
  if (!reset.ok) return refused(400, { title: "Error", description: reset.message }, formData);
  throw redirect("/admin-login?reset=done");
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = useAdminForm({ schema: resetPasswordSchema, pageResult: actionData });
  const failure = form.result && !form.result.ok ? form.result.alert : null;
  return (
    <AuthScreen>
      <Card>
        <CardHeader className="text-center">
          <Icon name="key-round" className="mx-auto size-10 text-primary" />
          <h1 className="text-2xl font-bold">Choose a new password</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          {!loaderData.token ? (
            <FormNotice>
              This reset link is incomplete.{" "}
              <Link to="/admin-login/forgot" className="underline">
                Ask for a new one
              </Link>
              .
            </FormNotice>
          ) : (
            <form.fetcher.Form
              method="post"
              onSubmit={form.onSubmit}
              noValidate
              className="space-y-4"
            >
              {failure && failure.title !== "Validation Error" && (
                <FormNotice>{failure.description}</FormNotice>
              )}
              <input type="hidden" name="token" value={loaderData.token} />
              <Field
                name="password"
                label="New password"
                type="password"
                autoComplete="new-password"
                error={form.errors.password}
                onEdit={form.clearError}
              />
              <Field
                name="confirmPassword"
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                error={form.errors.confirmPassword}
                onEdit={form.clearError}
              />
              <Button type="submit" className="w-full" disabled={form.submitting}>
                {form.submitting ? "Saving..." : "Set new password"}
              </Button>
            </form.fetcher.Form>
          )}
        </CardContent>
      </Card>
    </AuthScreen>
  );
}
