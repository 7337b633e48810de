import { FormNotice } from "~/components/admin/auth-card";
import { MailPreviewsCard } from "~/components/admin/settings/mail-previews-card";
import { NotificationSettingsForm } from "~/components/admin/settings/notification-settings-form";
import { notificationPreferencesSchema } from "~/domain/staff/preference-schemas";
import {
  getStaffPreferences,
  saveNotificationPreferences,
} from "~/domain/staff/staff-preferences.server";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/settings-notifications";

export const meta: Route.MetaFunction = () => [{ title: "Notification Settings | Admin" }];

/** Each staff member's own switches: every staff member may read and save only their own. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const p = await getStaffPreferences({ userId: user.id });
  return {
    email: user.email,
    saved: {
      newOrders: p.newOrders,
      lowStockAlerts: p.lowStockAlerts,
      paymentConfirmations: p.paymentConfirmations,
      weeklyReports: p.weeklyReports,
      marketingUpdates: p.marketingUpdates,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const formData = await readForm(request);
  const parsed = parseForm(notificationPreferencesSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { changed } = await saveNotificationPreferences({ actor: user, input: parsed.data });
    return succeeded(
      "Settings Saved",
      changed.length === 0
        ? "Nothing had changed."
        : "Your notification settings are saved: the shop's e-mails to you follow them from now on.",
    );
  });
}

export default function NotificationSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="notifications-heading" className="space-y-4">
      <div>
        <h2 id="notifications-heading" className="text-lg font-semibold">
          Notifications
        </h2>
        <p className="text-sm text-muted-foreground">
          Which of the shop&apos;s e-mails you get. Each staff member chooses their own.
        </p>
      </div>
      {/* Without JavaScript the form posts normally: the result shows here. */}
      {actionData?.ok && (
        <FormNotice tone="success" title={actionData.message.title}>
          {actionData.message.description}
        </FormNotice>
      )}
      <NotificationSettingsForm
        saved={loaderData.saved}
        email={loaderData.email}
        pageResult={actionData}
      />
      <MailPreviewsCard />
    </section>
  );
}
