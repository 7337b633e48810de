import { z } from "zod";
import { EMAIL_PATTERN } from "~/lib/forms";

export const VALIDATION_ERROR = "Validation Error";

/** /auth (Sign In and Create Account): section 5's two rules. */
export const authSchema = z.object({
  email: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, "Invalid email address")
    .max(255, "Email is too long")
    .transform((v) => v.toLowerCase()),
  password: z
    .string()
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password is too long"),
});

/** The Admin Portal's rules, in the specification's order and words. */
export const adminLoginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(255, "Email is too long")
    .regex(EMAIL_PATTERN, "Invalid email address")
    .transform((v) => v.toLowerCase()),
  password: z
    .string()
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password is too long"),
  rememberMe: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

export const forgotPasswordSchema = adminLoginSchema.pick({ email: true });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Please ask for a new one."),
    password: adminLoginSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
