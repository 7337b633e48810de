import { z } from "zod";
import { authSchema, forgotPasswordSchema, resetPasswordSchema } from "~/domain/auth/schemas";
import { addressFields } from "~/domain/addresses/address-schema";
import { textField } from "~/lib/forms";

/** Signing in to a shopper's account: section 5's /auth rules. */
export const shopperSignInSchema = authSchema.extend({
  rememberMe: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});

/** Creating a shopper's account: a name, then section 5's e-mail and password rules. */
export const shopperSignUpSchema = z
  .object({
    name: textField({ required: true, max: 120 }),
    email: authSchema.shape.email,
    password: authSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const shopperForgotSchema = forgotPasswordSchema;
export const shopperResetSchema = resetPasswordSchema;

/** A saved delivery address: the checkout's delivery fields (the shared South African address) and a name for it. */
export const addressSchema = z.object({
  label: textField({ required: true, max: 40 }),
  firstName: textField({ required: true, max: 80 }),
  lastName: textField({ required: true, max: 80 }),
  phone: textField({ required: true, max: 40 }),
  ...addressFields,
  isDefault: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
export type AddressInput = z.output<typeof addressSchema>;
