import { Form, Link } from "react-router";
import { StockAlertsForm } from "~/components/admin/account/stock-alerts-form";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { lowStockAlertsSchema } from "~/domain/staff/preference-schemas";
import { getStaffPreferences, setLowStockAlerts } from "~/domain/staff/staff-preferences.server";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { user, preferences: await getStaffPreferences({ userId: user.id }) };
}

/** The staff member's own preferences: low-stock e-mails on or off. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const formData = await readForm(request);
  const parsed = parseForm(lowStockAlertsSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const saved = await setLowStockAlerts({ userId: user.id, on: parsed.data.lowStockAlerts });
    return succeeded(
      "Preferences Saved",
      saved.lowStockAlerts
        ? "You will get an e-mail when an item falls to its low-stock threshold."
        : "You will no longer get low-stock e-mails.",
    );
  });
}

export default function AccountPage({
  loaderData: { user, preferences },
  actionData,
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">My Account</h1>
      <Card>
        <CardHeader>
          <CardTitle>{user.name}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd>{user.email}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
          </dl>
          <p className="text-sm text-muted-foreground">
            To change your password, sign out and use{" "}
            <Link to="/admin-login/forgot" className="text-primary underline hover:no-underline">
              Forgot password?
            </Link>
            : a reset link is e-mailed to you.
          </p>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="outline">
              Sign Out
            </Button>
          </Form>
        </CardContent>
      </Card>
      <StockAlertsForm lowStockAlerts={preferences.lowStockAlerts} pageResult={actionData} />
    </div>
  );
}
