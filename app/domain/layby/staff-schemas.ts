import { z } from "zod";
import { REQUIRED_MESSAGE, textField } from "~/lib/forms";

/** A till receipt's or a cash pay-out's reference, as staff type it. */
const referenceField = textField({ required: true, max: 60 });

/** Record showroom payment: the next unpaid instalment, with the till receipt's reference. */
export const showroomPaymentSchema = z.object({
  receiptReference: referenceField,
});

/** Cancel lay-by: "hospitalisation or death" waives the charge (s62(5)(a)). */
export const cancelLaybySchema = z.object({
  waived: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

/** Mark a cash refund (or a failed provider refund paid by hand) as paid out. */
export const refundPaidSchema = z.object({
  refundId: z.coerce
    .number(REQUIRED_MESSAGE)
    .int("Choose a refund.")
    .positive("Choose a refund.")
    .max(2_147_483_647, "Choose a refund."),
  payoutReference: referenceField,
});
