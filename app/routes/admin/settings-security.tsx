import { data, Link } from "react-router";
import { renderSVG } from "uqr";
import { FormNotice } from "~/components/admin/auth-card";
import { Card, CardContent } from "~/components/admin/ui/card";
import { TwoFactorCard, type SecurityResult } from "~/components/admin/settings/two-factor-card";
import { TwoFactorRuleCard } from "~/components/admin/settings/two-factor-rule-card";
import {
  confirmPasswordSchema,
  setupCodeSchema,
  twoFactorRuleSchema,
} from "~/domain/auth/security-schemas";
import { groupedSecret } from "~/domain/auth/totp-uri";
import {
  setTwoFactorRule,
  staffTwoFactorList,
  twoFactorRequired,
} from "~/domain/auth/two-factor-rule.server";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  renewBackupCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
} from "~/domain/auth/two-factor-setup.server";
import { attempt, invalid, refused } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { siteUrl } from "~/lib/site-url.server";
import { requireOwner, requireStaff } from "~/lib/staff-gate.server";
import {
  backToSecurityTab,
  takeSecurityNotice,
  type SecurityNotice,
} from "./security-notice.server";
import type { Route } from "./+types/settings-security";

export const meta: Route.MetaFunction = () => [{ title: "Security Settings | Admin" }];

/** Each staff member's own password and two-factor sign-in; the owner also sets the rule. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const baseURL = siteUrl();
  const status = await twoFactorStatus({ user, baseURL });
  const { notice, headers } = await takeSecurityNotice({ request, userId: user.id, baseURL });
  const required = await twoFactorRequired();
  const setup =
    status.state === "pending"
      ? { qrSvg: renderSVG(status.uri, { border: 2 }), secret: groupedSecret(status.uri) }
      : null;
  const page = {
    twoFactor: status.state === "on" ? status : { state: status.state },
    setup,
    required,
    /** What the last change said (and the backup codes it made), shown this once. */
    notice,
    /** The owner's rule sent this staff member here before any other page. */
    mustSetUp: required && !user.twoFactorEnabled,
    owner:
      user.role === "owner"
        ? { staff: await staffTwoFactorList(), selfOn: user.twoFactorEnabled === true }
        : null,
  };
  return data(page, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const baseURL = siteUrl();
  const { clientAddress } = context;
  if (intent === "two-factor-rule") {
    const actor = await requireOwner(request);
    const parsed = parseForm(twoFactorRuleSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const required = parsed.data.requireTwoFactor;
      await setTwoFactorRule({ actor, required });
      return done(
        intent,
        "Settings Saved",
        required
          ? "Staff without two-factor sign-in are now sent to set it up first."
          : "Two-factor sign-in is now each staff member's own choice.",
      );
    });
  }
  const user = await requireStaff(request);
  const caller = { user, request, baseURL, clientAddress };
  // A change that replaces the session or shows backup codes: see security-notice.server.ts.
  const back = (notice: SecurityNotice, headers?: Headers) =>
    backToSecurityTab({ userId: user.id, baseURL, notice, headers });
  if (
    intent === "start-two-factor" ||
    intent === "renew-backup-codes" ||
    intent === "turn-off-two-factor"
  ) {
    const parsed = parseForm(confirmPasswordSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    const { password } = parsed.data;
    return attempt(formData, async () => {
      if (intent === "start-two-factor") {
        await startTwoFactorSetup({ ...caller, password });
        return done(intent, "Scan the QR Code", "Then enter the code your app shows.");
      }
      if (intent === "renew-backup-codes") {
        const { backupCodes } = await renewBackupCodes({ ...caller, password });
        return back({
          ...done(intent, "New Backup Codes", "Your old backup codes no longer work."),
          backupCodes,
        });
      }
      const { headers } = await turnOffTwoFactor({ ...caller, password });
      return back(
        done(intent, "Two-Factor Sign-In Off", "Your password alone signs you in now."),
        headers,
      );
    });
  }
  if (intent === "confirm-two-factor") {
    const parsed = parseForm(setupCodeSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const { headers, backupCodes } = await confirmTwoFactorSetup({ ...caller, ...parsed.data });
      return back(
        {
          ...done(intent, "Two-Factor Sign-In On", "Keep your backup codes somewhere safe."),
          backupCodes,
        },
        headers,
      );
    });
  }
  if (intent === "cancel-two-factor") {
    await cancelTwoFactorSetup({ user });
    return done(intent, "Setup Cancelled", "Two-factor sign-in stays off.");
  }
  return refused(400, { title: "Error", description: "Unknown request." }, formData);
}

type Done = Extract<SecurityResult, { ok: true }>;

/** A success notice, named by the form it answers. */
function done(intent: string, title: string, description: string): Done {
  return { ok: true, message: { title, description }, intent };
}

export default function SecuritySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = (actionData ?? loaderData.notice ?? undefined) as SecurityResult | undefined;
  const intentOf = (r?: SecurityResult) => (r ? (r.ok ? r.intent : r.values.intent) : undefined);
  const resultFor = (intent: string) => (intentOf(result) === intent ? result : undefined);
  return (
    <section aria-labelledby="security-heading" className="space-y-4">
      <h2 id="security-heading" className="text-lg font-semibold">
        Security
      </h2>
      {loaderData.mustSetUp && (
        <FormNotice title="Two-factor sign-in required">
          The shop&apos;s owner requires two-factor sign-in for all staff. Set it up below to use
          the rest of the back office.
        </FormNotice>
      )}
      <Card>
        <CardContent className="pt-6 text-sm text-muted-foreground">
          Your password, and signing out of your other devices, are on{" "}
          <Link to="/admin/account" className="text-primary underline hover:no-underline">
            My Account
          </Link>
          .
        </CardContent>
      </Card>
      <TwoFactorCard
        state={loaderData.twoFactor}
        setup={loaderData.setup}
        required={loaderData.required}
        result={result && intentOf(result) !== "two-factor-rule" ? result : undefined}
      />
      {loaderData.owner && (
        <TwoFactorRuleCard
          required={loaderData.required}
          selfOn={loaderData.owner.selfOn}
          staff={loaderData.owner.staff}
          pageResult={resultFor("two-factor-rule")}
        />
      )}
    </section>
  );
}
