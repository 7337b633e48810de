import { data, Form, Link } from "react-router";
import { ChangePasswordForm } from "~/components/admin/account/change-password-form";
import { SignOutOthersForm } from "~/components/admin/account/sign-out-others-form";
import type { SecurityResult } from "~/components/admin/settings/two-factor-card";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  changeOwnPassword,
  otherLiveSessions,
  signOutOtherSessions,
} from "~/domain/auth/change-password.server";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { changePasswordSchema, signOutOthersSchema } from "~/domain/auth/security-schemas";
import { attempt, invalid, refused } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { siteUrl } from "~/lib/site-url.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { backToSecurityTab, takeSecurityNotice } from "./security-notice.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Admin" }];

const ACCOUNT_PATH = "/admin/account";

/** Each staff member's own account: who they are, their password, the devices signed in. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const { notice, headers } = await takeSecurityNotice({
    request,
    userId: user.id,
    baseURL: siteUrl(),
  });
  const otherSessions = await otherLiveSessions(user.id);
  return data({ user, otherSessions, notice }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const caller = { user, request, baseURL: siteUrl(), clientAddress: context.clientAddress };
  if (intent === "change-password") {
    const parsed = parseForm(changePasswordSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const { headers, otherSessionsEnded } = await changeOwnPassword({
        ...caller,
        ...parsed.data,
      });
      // The session is replaced: a redirect lets the page load again with the new cookie.
      return backToSecurityTab({
        userId: user.id,
        baseURL: caller.baseURL,
        headers,
        path: ACCOUNT_PATH,
        notice: done(intent, "Password Updated", ended(otherSessionsEnded)),
      });
    });
  }
  if (intent === "sign-out-others") {
    const parsed = parseForm(signOutOthersSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const { otherSessionsEnded } = await signOutOtherSessions({ ...caller, ...parsed.data });
      return done(intent, "Other Devices Signed Out", ended(otherSessionsEnded));
    });
  }
  return refused(400, { title: "Error", description: "Unknown request." }, formData);
}

function ended(count: number): string {
  return count === 0
    ? "You were not signed in anywhere else."
    : `You were signed out everywhere else (${count} other session${count === 1 ? "" : "s"}).`;
}

/** A success notice, named by the form it answers. */
function done(intent: string, title: string, description: string) {
  return { ok: true as const, message: { title, description }, intent };
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, otherSessions } = loaderData;
  const result = (actionData ?? loaderData.notice ?? undefined) as SecurityResult | undefined;
  const intentOf = (r?: SecurityResult) => (r ? (r.ok ? r.intent : r.values.intent) : undefined);
  const resultFor = (intent: string) => (intentOf(result) === intent ? result : undefined);
  const codeNeeded = user.twoFactorEnabled === true;
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
            <dd className="break-all">{user.email}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
          </dl>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="outline">
              Sign Out
            </Button>
          </Form>
        </CardContent>
      </Card>
      {/* A new mount after a change, so the passwords typed are gone (the answer is a redirect). */}
      <ChangePasswordForm
        key={resultFor("change-password")?.ok ? "password-changed" : "password-form"}
        pageResult={resultFor("change-password")}
        codeNeeded={codeNeeded}
      />
      <SignOutOthersForm
        key={resultFor("sign-out-others")?.ok ? "devices-signed-out" : "devices-form"}
        pageResult={resultFor("sign-out-others")}
        codeNeeded={codeNeeded}
        otherSessions={otherSessions}
      />
      <Card>
        <CardHeader>
          <CardTitle>Preferences</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Two-factor sign-in is in{" "}
            <Link
              to="/admin/settings/security"
              className="text-primary underline hover:no-underline"
            >
              Settings: Security
            </Link>
            ; which e-mails you get (new orders, low stock, payments, the weekly report) and how the
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
