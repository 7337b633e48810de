import { Users } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { StatusBadge } from "~/components/admin/status-badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { NativeSelect } from "~/components/admin/ui/input";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { changeRole, listTeam } from "~/domain/staff/team.server";
import { resetTwoFactor } from "~/domain/auth/two-factor-reset.server";
import { ROLE_LABELS, type Role } from "~/domain/auth/roles";
import { requireOwner } from "~/lib/staff-gate.server";
import { parseForm, type FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/team";
import { formatDateTime } from "~/lib/dates";

export const meta: Route.MetaFunction = () => [{ title: "Team | Admin" }];

const roleSchema = z.object({
  userId: z.string().min(1, "Choose an account"),
  role: z.enum(["owner", "staff", "customer"], "Choose a role"),
});

const resetSchema = z.object({ userId: z.string().min(1, "Choose an account") });

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await requireOwner(request);
  return { team: await listTeam(), me: owner.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireOwner(request);
  const formData = await readForm(request);
  if (formData.get("intent") === "reset-two-factor") {
    const parsed = parseForm(resetSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const { email } = await resetTwoFactor({
        actor,
        userId: parsed.data.userId,
        clientAddress: context.clientAddress,
      });
      return succeeded(
        "Two-Factor Reset",
        `${email} was signed out and signs in with the password alone until two-factor is set up again.`,
      );
    });
  }
  const parsed = parseForm(roleSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const changed = await changeRole({
      ...parsed.data,
      actor,
      clientAddress: context.clientAddress,
    });
    return succeeded(
      "Role Updated",
      `${changed.email} is now ${ROLE_LABELS[changed.to].toLowerCase()}.`,
    );
  });
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Team</h1>
        <p className="text-muted-foreground">
          Accounts made on the sign-in page are customers. Give an account the staff role to let it
          into the back office; owners also manage the team and read the audit log.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Users className="size-5" aria-hidden /> Accounts ({loaderData.team.length})
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Table stacked>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableHead>Two-factor</TableHead>
                <TableHead>Change role</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.team.map((member) => (
                <TableRow key={member.id} data-testid="team-row">
                  <TableCell data-card="title" className="font-medium">
                    {member.email}
                    {member.id === loaderData.me && (
                      <span className="text-muted-foreground"> (you)</span>
                    )}
                  </TableCell>
                  <TableCell data-label="Name">{member.name}</TableCell>
                  <TableCell data-label="Role">
                    <StatusBadge status={member.role} />
                  </TableCell>
                  <TableCell data-label="Last sign-in">
                    {member.lastSignIn ? formatDateTime(member.lastSignIn) : "Never"}
                  </TableCell>
                  <TableCell data-label="Two-factor">
                    {member.twoFactorEnabled ? (
                      member.id === loaderData.me ? (
                        "On"
                      ) : (
                        <ResetTwoFactorForm userId={member.id} email={member.email} />
                      )
                    ) : (
                      "Off"
                    )}
                  </TableCell>
                  <TableCell data-label="Change role">
                    <RoleForm userId={member.id} email={member.email} role={member.role} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

function RoleForm({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const fetcher = useFetcher<FormActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <NativeSelect
        name="role"
        defaultValue={role}
        aria-label={`Role of ${email}`}
        className="h-8 w-32"
      >
        {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        Save
      </Button>
    </fetcher.Form>
  );
}

/** A lost phone and no backup codes: the owner clears that person's two-factor sign-in. */
function ResetTwoFactorForm({ userId, email }: { userId: string; email: string }) {
  const fetcher = useFetcher<FormActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <span>On</span>
      <input type="hidden" name="intent" value="reset-two-factor" />
      <input type="hidden" name="userId" value={userId} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-label={`Reset two-factor sign-in of ${email}`}
        disabled={fetcher.state !== "idle"}
      >
        Reset
      </Button>
    </fetcher.Form>
  );
}
