import { PageResultNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { changePasswordSchema } from "~/domain/auth/security-schemas";
import type { FormActionResult } from "~/lib/forms";
import { OwnCodeField } from "./own-code-field";

/**
 * Update Password on My account: the current password, the new one twice and, where two-factor
 * is on, a code. "Password Updated" shows only after the change is stored; every other session
 * of the account is then signed out.
 */
export function ChangePasswordForm({
  pageResult,
  codeNeeded,
}: {
  pageResult?: FormActionResult;
  codeNeeded: boolean;
}) {
  const form = useAdminForm({ schema: changePasswordSchema, pageResult, resetOnSuccess: true });
  const field = (name: string, label: string, autoComplete: string, hint?: string) => (
    <Field
      id={`password-${name}`}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      error={form.errors[name]}
      onEdit={form.clearError}
      required
    />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id="password-heading">Password</CardTitle>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form
          method="post"
          action="/admin/account"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          noValidate
          aria-labelledby="password-heading"
          className="max-w-md space-y-4"
        >
          <PageResultNotice pageResult={pageResult} answered={!!form.fetcher.data} />
          <input type="hidden" name="intent" value="change-password" />
          {field("currentPassword", "Current Password", "current-password")}
          {field("newPassword", "New Password", "new-password", "6 to 128 characters.")}
          {field("confirmPassword", "Confirm New Password", "new-password")}
          {codeNeeded && (
            <OwnCodeField
              id="password-code"
              error={form.errors.twoFactorCode}
              onEdit={form.clearError}
            />
          )}
          <p className="text-sm text-muted-foreground">
            Every other device signed in to your account is signed out when the password changes.
          </p>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Updating..." : "Update Password"}
          </Button>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
