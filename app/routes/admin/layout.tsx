import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { ListDensityContext } from "~/components/admin/list/list-density";
import { sidebarOpenFromCookie } from "~/components/admin/nav-items";
import { NoAccess } from "~/components/admin/no-access";
import { countNewEnquiries } from "~/domain/leads/enquiry-summary.server";
import { countPendingReviews } from "~/domain/reviews/list-reviews.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { getStaffPreferences } from "~/domain/staff/staff-preferences.server";
import { configureDates, dateSettingsOf } from "~/lib/dates";
import { requireStaff } from "~/lib/staff-gate.server";
import { routeErrorText } from "~/lib/route-error";
import { readThemeCookie, themeCookie } from "~/lib/theme";
import type { Route } from "./+types/layout";
import { ErrorReference } from "~/lib/request-id";

export const meta: Route.MetaFunction = () => [
  { title: "Admin | Slumber Corner Beds" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const cookie = request.headers.get("cookie");
  const preferences = await getStaffPreferences({ userId: user.id });
  const body = {
    user,
    sidebarOpen: sidebarOpenFromCookie(cookie),
    counts: {
      "/admin/enquiries": await countNewEnquiries(),
      "/admin/reviews": await countPendingReviews(),
    },
    // The shop's time zone and date format, for the dates the browser writes (see ~/lib/dates).
    dates: dateSettingsOf(await getStoreSettings()),
    // The staff member's own Appearance: root's first render reads the theme from here, so the
    // stored choice wins over this browser's cookie in the back office (decision 026).
    appearance: { theme: preferences.theme, compactMode: preferences.compactMode },
  };
  // A browser whose cookie says otherwise (a new device, the storefront's toggle) is brought in
  // line, so the storefront shows the same theme without asking the database.
  if (readThemeCookie(cookie) === preferences.theme) return body;
  return data(body, { headers: { "Set-Cookie": themeCookie(preferences.theme) } });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // Before any page below writes a date, on the server and in the browser alike.
  configureDates(loaderData.dates);
  return (
    <ListDensityContext value={loaderData.appearance.compactMode ? "compact" : "comfortable"}>
      <AdminShell
        user={loaderData.user}
        sidebarOpen={loaderData.sidebarOpen}
        counts={loaderData.counts}
      >
        <Outlet />
      </AdminShell>
    </ListDensityContext>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Not staff: the no-access page, without the shell and without any admin data.
  if (!shell) return status === 403 ? <NoAccess /> : <ErrorMessage error={error} />;
  return (
    <AdminShell user={shell.user} sidebarOpen={shell.sidebarOpen} counts={shell.counts}>
      <ErrorMessage error={error} />
    </AdminShell>
  );
}

function ErrorMessage({ error }: { error: unknown }) {
  const { status, title, message } = routeErrorText(error);
  // A staff member inside the back office is refused only the owner's pages.
  const [heading, text] =
    status === 403 ? ["Owner only", "Only the shop's owner can open this page."] : [title, message];
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <ErrorReference />
    </div>
  );
}
