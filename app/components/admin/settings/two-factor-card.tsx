import { Form } from "react-router";
import { FormNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { FormActionResult } from "~/lib/forms";
import { BackupCodes } from "./backup-codes";

/** What the Security tab's actions answer: a form result, named by its form's intent. */
export type SecurityResult =
  | (Extract<FormActionResult, { ok: true }> & { intent: string; backupCodes?: string[] })
  | Extract<FormActionResult, { ok: false }>;

type State = { state: "off" } | { state: "pending" } | { state: "on"; backupCodesLeft: number };

/**
 * Two-factor sign-in with an authenticator app: off (the password starts setup), pending (the
 * QR code and the key as text, then the first code) and on (new backup codes, or off again).
 * Plain forms: every step works without JavaScript.
 */
export function TwoFactorCard({
  state,
  setup,
  required,
  result,
}: {
  state: State;
  setup: { qrSvg: string; secret: string } | null;
  required: boolean;
  result?: SecurityResult;
}) {
  const errors = result && !result.ok ? result.fieldErrors : {};
  const intentOf = result ? (result.ok ? result.intent : result.values.intent) : undefined;
  const errorFor = (intent: string, name: string) =>
    intentOf === intent ? errors[name] : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-Factor Sign-In</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {result?.ok && (
          <FormNotice tone="success" title={result.message.title}>
            {result.message.description}
          </FormNotice>
        )}
        {result && !result.ok && Object.keys(result.fieldErrors).length === 0 && (
          <FormNotice title={result.alert.title}>{result.alert.description}</FormNotice>
        )}
        {result?.ok && result.backupCodes && <BackupCodes codes={result.backupCodes} />}
        {state.state === "off" && (
          <>
            <p>
              Add a second step to signing in: after your password, a 6-digit code from an
              authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator
              or 1Password). Someone who learns your password still cannot sign in.
            </p>
            <Form method="post" className="max-w-md space-y-4">
              <input type="hidden" name="intent" value="start-two-factor" />
              <PasswordField
                id="two-factor-password"
                error={errorFor("start-two-factor", "password")}
              />
              <Button type="submit">Enable Two-Factor</Button>
            </Form>
          </>
        )}
        {state.state === "pending" && setup && (
          <>
            <ol className="list-decimal space-y-1 pl-5">
              <li>Open your authenticator app and add an account.</li>
              <li>Scan this QR code, or type the key below into the app.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <div
              role="img"
              aria-label="QR code to add this account to your authenticator app"
              className="size-48 rounded-md bg-white p-1"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <p>
              Key for typing in:{" "}
              <code data-testid="totp-secret" className="rounded bg-muted px-1.5 py-0.5 font-mono">
                {setup.secret}
              </code>
            </p>
            <Form method="post" className="max-w-md space-y-4">
              <input type="hidden" name="intent" value="confirm-two-factor" />
              <Field
                name="code"
                label="Code from the app"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                error={errorFor("confirm-two-factor", "code")}
                required
              />
              <Button type="submit">Verify and Turn On</Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-two-factor" />
              <Button type="submit" variant="outline">
                Cancel setup
              </Button>
            </Form>
          </>
        )}
        {state.state === "on" && (
          <>
            <p>
              <strong>Two-factor sign-in is on.</strong> You have {state.backupCodesLeft} unused
              backup code{state.backupCodesLeft === 1 ? "" : "s"}.
            </p>
            <Form method="post" className="max-w-md space-y-3">
              <input type="hidden" name="intent" value="renew-backup-codes" />
              <PasswordField
                id="renew-password"
                hint="New codes replace the old ones."
                error={errorFor("renew-backup-codes", "password")}
              />
              <Button type="submit" variant="outline">
                New Backup Codes
              </Button>
            </Form>
            {required ? (
              <p className="text-muted-foreground">
                The shop requires two-factor sign-in for all staff, so it cannot be turned off.
              </p>
            ) : (
              <Form method="post" className="max-w-md space-y-3">
                <input type="hidden" name="intent" value="turn-off-two-factor" />
                <PasswordField
                  id="turn-off-password"
                  error={errorFor("turn-off-two-factor", "password")}
                />
                <Button type="submit" variant="destructive">
                  Turn Off Two-Factor
                </Button>
              </Form>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PasswordField({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <Field
      id={id}
      name="password"
      label="Your Password"
      type="password"
      autoComplete="current-password"
      hint={hint}
      error={error}
      required
    />
  );
}
