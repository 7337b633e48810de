import { PageResultNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { signOutOthersSchema } from "~/domain/auth/security-schemas";
import type { FormActionResult } from "~/lib/forms";
import { OwnCodeField } from "./own-code-field";

/**
 * Sign Out of Other Devices: every session of the account but this browser's ends, after the
 * current password and, where two-factor is on, a code. How many were open is said once done.
 */
export function SignOutOthersForm({
  pageResult,
  codeNeeded,
  otherSessions,
}: {
  pageResult?: FormActionResult;
  codeNeeded: boolean;
  otherSessions: number;
}) {
  const form = useAdminForm({ schema: signOutOthersSchema, pageResult, resetOnSuccess: true });
  return (
    <Card>
      <CardHeader>
        <CardTitle id="devices-heading">Other Devices</CardTitle>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form
          method="post"
          action="/admin/account"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          noValidate
          aria-labelledby="devices-heading"
          className="max-w-md space-y-4"
        >
          <PageResultNotice pageResult={pageResult} answered={!!form.fetcher.data} />
          <p className="text-sm text-muted-foreground" data-testid="other-sessions">
            {otherSessions === 0
              ? "You are not signed in anywhere else."
              : `You are signed in on ${otherSessions} other device${otherSessions === 1 ? "" : "s"} or browser${otherSessions === 1 ? "" : "s"}.`}{" "}
            Signing them out keeps you signed in here.
          </p>
          <input type="hidden" name="intent" value="sign-out-others" />
          <Field
            id="devices-currentPassword"
            name="currentPassword"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={form.errors.currentPassword}
            onEdit={form.clearError}
            required
          />
          {codeNeeded && (
            <OwnCodeField
              id="devices-code"
              error={form.errors.twoFactorCode}
              onEdit={form.clearError}
            />
          )}
          <Button type="submit" variant="outline" disabled={form.submitting}>
            {form.submitting ? "Signing out..." : "Sign Out of Other Devices"}
          </Button>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
