import { Field } from "~/components/admin/field";

/** The code My account asks for where two-factor is on, as the sign-in's code step takes it. */
export function OwnCodeField({
  id,
  error,
  onEdit,
}: {
  id: string;
  error?: string;
  onEdit?: (name: string) => void;
}) {
  return (
    <Field
      id={id}
      name="twoFactorCode"
      label="Authentication Code"
      hint="The 6-digit code your authenticator app shows, or one of your backup codes."
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={32}
      error={error}
      onEdit={onEdit}
      required
    />
  );
}
