import { z } from "zod";
import { emailField, REQUIRED_MESSAGE, textField } from "~/lib/forms";
import { ENQUIRY_STATUSES } from "./enquiry-lists";

export { CONSULTATION_TYPES } from "./consultation-types";

export const consultationSchema = z.object({
  name: textField({ required: true, max: 120 }),
  email: emailField(),
  phone: textField({ required: true, max: 40 }),
  consultationType: z
    .enum(["purchase", "complex", "partner", "franchise"], {
      message: "Choose a consultation type.",
    })
    .default("purchase"),
  message: textField({ max: 2000 }),
});
export type ConsultationInput = z.output<typeof consultationSchema>;

export const contactSchema = z.object({
  firstName: textField({ required: true, max: 80 }),
  lastName: textField({ required: true, max: 80 }),
  email: emailField(),
  phone: textField({ max: 40 }),
  subject: textField({ required: true, max: 200 }),
  message: textField({ required: true, max: 5000 }),
});
export type ContactInput = z.output<typeof contactSchema>;

export const newsletterSchema = z.object({ email: emailField() });

export const tokenSchema = z.string().trim().min(20, REQUIRED_MESSAGE).max(200);

export const STAFF_NOTE_MAX = 2000;

/** Staff's form on an enquiry: where it stands and a note for colleagues. */
export const enquiryUpdateSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { message: "Choose a status." }),
  note: textField({ max: STAFF_NOTE_MAX }),
});
export type EnquiryUpdateInput = z.output<typeof enquiryUpdateSchema>;
