import { z } from "zod";
import { adminLoginSchema } from "./schemas";

export const SIGN_IN_CODE_MESSAGE =
  "Enter the 6-digit code from your app, or a backup code such as abcde-12345";

/** The specification's password rules (section 5) and their messages. */
const newPassword = adminLoginSchema.shape.password;

const currentPassword = z
  .string()
  .min(1, "Current password is required")
  .max(128, "Password is too long");

/**
 * The code My account asks for when two-factor is on: the app's six digits or a backup code,
 * written as the sign-in's code step takes them; empty when the account has no two-factor (the
 * server says when one is needed).
 */
const ownCode = z
  .string()
  .max(64, SIGN_IN_CODE_MESSAGE)
  .optional()
  .transform((v) => (v ? normaliseCode(v) : ""))
  .pipe(z.string().regex(/^(|\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, SIGN_IN_CODE_MESSAGE));

/** My account: Update Password (current, new, confirm; the code where two-factor is on). */
export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword: z.string().min(1, "Please confirm the new password"),
    twoFactorCode: ownCode,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });

/** My account: Sign Out of Other Devices (the current password; the code where two-factor is on). */
export const signOutOthersSchema = z.object({ currentPassword, twoFactorCode: ownCode });

/** The password that confirms turning two-factor on or off, or new backup codes. */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, "Please enter your password").max(128, "Password is too long"),
});

/** A code from the authenticator app: six digits (spaces as some apps show them are dropped). */
export const setupCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your app")),
});

/** A typed code as an app shows it (spaces) or a backup code without its hyphen: made plain. */
export function normaliseCode(code: string): string {
  const plain = code.replace(/\s+/g, "");
  return /^[A-Za-z0-9]{10}$/.test(plain) && !/^\d+$/.test(plain)
    ? `${plain.slice(0, 5)}-${plain.slice(5)}`
    : plain;
}

/** The sign-in's second step: six digits from the app, or a backup code (`abcde-12345`). */
export const signInCodeSchema = z.object({
  code: z
    .string()
    .max(64, SIGN_IN_CODE_MESSAGE)
    .transform(normaliseCode)
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, SIGN_IN_CODE_MESSAGE)),
});

/** The owner's switch: staff must use two-factor sign-in. */
export const twoFactorRuleSchema = z.object({
  requireTwoFactor: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
