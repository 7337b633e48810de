import { z } from "zod";
import { emailField } from "~/lib/forms";

/** The owner's privacy page: look up, export or erase what is held about one address. */
export const privacyLookupSchema = z.object({ email: emailField() });

export const privacyErasureSchema = z
  .object({ email: emailField(), confirmEmail: z.string().trim().toLowerCase() })
  .refine((v) => v.confirmEmail === v.email, {
    path: ["confirmEmail"],
    message: "Type the same address to confirm the erasure.",
  });
