import { Form, Link } from "react-router";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { user };
}

export default function AccountPage({ loaderData: { user } }: Route.ComponentProps) {
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
      <Card>
        <CardHeader>
          <CardTitle>Preferences</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Which e-mails you get (new orders, low stock, payments, the weekly report) and how the
            back office looks are in{" "}
            <Link
              to="/admin/settings/notifications"
              className="text-primary underline hover:no-underline"
            >
              Settings: Notifications
            </Link>{" "}
            and{" "}
            <Link
              to="/admin/settings/appearance"
              className="text-primary underline hover:no-underline"
            >
              Appearance
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
