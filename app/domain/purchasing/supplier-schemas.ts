import { z } from "zod";
import { EMAIL_MESSAGE, EMAIL_PATTERN, REQUIRED_MESSAGE, textField } from "~/lib/forms";

export const MAX_LEAD_TIME_DAYS = 365;
export const LEAD_TIME_WHOLE_MESSAGE = "Enter the lead time as a whole number of days.";
export const LEAD_TIME_RANGE_MESSAGE = `The lead time is 0 to ${MAX_LEAD_TIME_DAYS} days.`;

/** An e-mail address that may be left empty; when given, the shop's one e-mail rule applies. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, "This is too long.")
  .refine((v) => v === "" || EMAIL_PATTERN.test(v), EMAIL_MESSAGE)
  .transform((v) => v.toLowerCase())
  .default("");

/** Days from ordering to delivery, as typed: digits only, 0 to 365. */
const leadTimeDays = z
  .string(REQUIRED_MESSAGE)
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .regex(/^-?\d+$/, LEAD_TIME_WHOLE_MESSAGE)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(0, LEAD_TIME_RANGE_MESSAGE)
      .max(MAX_LEAD_TIME_DAYS, LEAD_TIME_RANGE_MESSAGE),
  );

/** The Add Supplier and Edit Supplier dialogs' fields, checked in the browser and the action. */
export const supplierSchema = z.object({
  name: textField({ required: true, max: 120 }),
  contactPerson: textField({ max: 120 }),
  leadTimeDays,
  email: optionalEmail,
  phone: textField({ max: 40 }),
  address: textField({ max: 300 }),
});
export type SupplierInput = z.output<typeof supplierSchema>;

/** The lead time a new supplier's dialog starts with (the table's default too). */
export const DEFAULT_LEAD_TIME_DAYS = 14;
