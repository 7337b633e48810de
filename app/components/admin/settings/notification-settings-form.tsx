import { SwitchField } from "~/components/admin/switch-field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  NOTIFICATION_SWITCHES,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from "~/domain/staff/preference-schemas";
import type { FormActionResult } from "~/lib/forms";

/**
 * The Notifications tab: the staff member's own switches, one per kind of e-mail the shop sends
 * its staff. Every staff member has their own; the shopper's e-mails do not depend on them.
 */
export function NotificationSettingsForm({
  saved,
  email,
  pageResult,
}: {
  saved: NotificationPreferences;
  email: string;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: notificationPreferencesSchema, pageResult });
  // After a refused post without JavaScript, the switches show what was sent.
  const refused = Object.keys(form.values).length > 0;
  const checked = (name: keyof NotificationPreferences) =>
    refused ? form.values[name] === "on" : saved[name];
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>E-mail notifications</CardTitle>
          <p className="text-sm text-muted-foreground">Sent to {email}.</p>
        </CardHeader>
        <CardContent className="space-y-5">
          {NOTIFICATION_SWITCHES.map((s) => (
            <SwitchField
              key={s.name}
              name={s.name}
              label={s.label}
              hint={s.hint}
              defaultChecked={checked(s.name)}
              error={form.errors[s.name]}
              onEdit={form.clearError}
            />
          ))}
        </CardContent>
      </Card>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Saving..." : "Save Changes"}
      </Button>
    </form.fetcher.Form>
  );
}
