import { FormNotice } from "~/components/admin/auth-card";
import { SwitchField } from "~/components/admin/switch-field";
import { Badge } from "~/components/admin/ui/badge";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { twoFactorRuleSchema } from "~/domain/auth/security-schemas";
import type { FormActionResult } from "~/lib/forms";

type StaffRow = { id: string; name: string; email: string; on: boolean };

/** The owner's section: require two-factor sign-in of all staff, and who has it on. */
export function TwoFactorRuleCard({
  required,
  selfOn,
  staff,
  pageResult,
}: {
  required: boolean;
  selfOn: boolean;
  staff: StaffRow[];
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: twoFactorRuleSchema, pageResult });
  const without = staff.filter((s) => !s.on).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Staff Two-Factor Rule</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {pageResult?.ok && !form.fetcher.data && (
          <FormNotice tone="success" title={pageResult.message.title}>
            {pageResult.message.description}
          </FormNotice>
        )}
        <form.fetcher.Form
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className="max-w-md space-y-3"
        >
          <input type="hidden" name="intent" value="two-factor-rule" />
          <SwitchField
            name="requireTwoFactor"
            label="Require two-factor sign-in for all staff"
            hint={
              selfOn
                ? "Staff without it are sent to set it up before they can use any other admin page."
                : "Turn on two-factor sign-in for your own account first."
            }
            defaultChecked={required}
            error={form.errors.requireTwoFactor}
            onEdit={form.clearError}
          />
          <Button type="submit" disabled={form.submitting}>
            Save Rule
          </Button>
        </form.fetcher.Form>
        <p>
          {without === 0
            ? "Everyone on the team has two-factor sign-in on."
            : `${without} of ${staff.length} team members do not have two-factor sign-in on.`}
        </p>
        <ul className="divide-y divide-border rounded-md border border-border">
          {staff.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-4 px-3 py-2">
              <span>
                {s.name} <span className="text-muted-foreground">({s.email})</span>
              </span>
              <Badge variant={s.on ? "default" : "secondary"}>{s.on ? "On" : "Off"}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
