import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { AuthScreen, FormNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";
import { invalid, refused, succeeded } from "~/lib/actions.server";
import { requestPasswordReset } from "~/domain/auth/accounts.server";
import { forgotPasswordSchema } from "~/domain/auth/schemas";
import { parseForm } from "~/lib/forms";
import { siteUrl } from "~/lib/site-url.server";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot Password | Slumber Corner Beds" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = parseForm(forgotPasswordSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const sent = await requestPasswordReset({
    email: parsed.data.email,
    baseURL: siteUrl(),
    clientAddress: context.clientAddress,
  });
  if (!sent.ok && "invalid" in sent) {
    return refused(400, { title: "Validation Error", description: sent.invalid }, formData);
  }
  if (!sent.ok) {
    const minutes = Math.max(1, Math.ceil(sent.retryAfterSeconds / 60));
    return refused(
      429,
      {
        title: "Too many attempts",
        description: `Too many reset requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      },
      formData,
    );
  }
  return succeeded(
    "Check your e-mail",
    "If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.",
  );
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const form = useAdminForm({ schema: forgotPasswordSchema, pageResult: actionData });
  const result = form.result;
  return (
    <AuthScreen>
      <Card>
        <CardHeader className="text-center">
          <Icon name="key-round" className="mx-auto size-10 text-primary" />
          <h1 className="text-2xl font-bold">Forgot password?</h1>
          <p className="text-sm text-muted-foreground">
            Enter your e-mail address and we will send you a link to choose a new password.
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {result && (
            <FormNotice
              tone={result.ok ? "success" : "error"}
              title={result.ok ? result.message.title : result.alert.title}
            >
              {result.ok ? result.message.description : result.alert.description}
            </FormNotice>
          )}
          <form.fetcher.Form
            method="post"
            action="/admin-login/forgot"
            onSubmit={form.onSubmit}
            noValidate
            className="space-y-4"
          >
            <Field
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              error={form.errors.email}
              onEdit={form.clearError}
              defaultValue={form.values.email}
            />
            <Button type="submit" className="w-full" disabled={form.submitting}>
              {form.submitting ? "Sending..." : "Send reset link"}
            </Button>
          </form.fetcher.Form>
          <Link
            to="/admin-login"
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <Icon name="arrow-left" className="size-4" /> Back to sign in
          </Link>
        </CardContent>
      </Card>
    </AuthScreen>
  );
}
