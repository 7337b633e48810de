import { Outlet } from "react-router";
import { ListTabs } from "~/components/admin/list/list-tabs";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

/** Every tab checks who is asking in its own loader and action; this one only keeps strangers out. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

/**
 * The specification's five tabs, each a page of its own so a tab can be linked, reloaded and
 * saved without JavaScript. General and Integrations are the shop's (the owner edits them);
 * Notifications, Security and Appearance are each staff member's own.
 */
export const SETTINGS_TABS = [
  { to: "/admin/settings", label: "General", end: true },
  { to: "/admin/settings/notifications", label: "Notifications" },
  { to: "/admin/settings/security", label: "Security" },
  { to: "/admin/settings/appearance", label: "Appearance" },
  { to: "/admin/settings/integrations", label: "Integrations" },
] as const;

export default function SettingsLayout() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Settings</h1>
        <p className="text-sm text-muted-foreground">Manage your store settings and preferences</p>
      </div>
      <ListTabs label="Settings" tabs={SETTINGS_TABS} />
      <Outlet />
    </div>
  );
}
