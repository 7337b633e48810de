import { z } from "zod";
import { EMAIL_MESSAGE, EMAIL_PATTERN, emailField, REQUIRED_MESSAGE, textField } from "~/lib/forms";

/** The owner's privacy page: look up, export or erase what is held about one address. */
export const privacyLookupSchema = z.object({ email: emailField() });

export const privacyErasureSchema = z
  .object({ email: emailField(), confirmEmail: z.string().trim().toLowerCase() })
  .refine((v) => v.confirmEmail === v.email, {
    path: ["confirmEmail"],
    message: "Type the same address to confirm the erasure.",
  });

/** A correction: only the details filled in change; at least one must be. */
export const privacyCorrectionSchema = z
  .object({
    email: emailField(),
    firstName: textField({ max: 100 }),
    lastName: textField({ max: 100 }),
    phone: textField({ max: 40 }),
    newEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "This is too long.")
      .refine((v) => v === "" || EMAIL_PATTERN.test(v), { message: EMAIL_MESSAGE })
      .default(""),
  })
  .refine((v) => v.firstName || v.lastName || v.phone || v.newEmail, {
    path: ["firstName"],
    message: "Fill in at least one detail to correct.",
  });

export type PrivacyCorrection = z.output<typeof privacyCorrectionSchema>;

/** A shopper deleting their own account confirms it with their password. */
export const deleteOwnAccountSchema = z.object({
  password: z.string().min(1, REQUIRED_MESSAGE).max(200, "This is too long."),
});
