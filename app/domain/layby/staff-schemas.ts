import { z } from "zod";
import { amountField, MAX_AMOUNT_CENTS } from "~/lib/amount-field";
import { textField } from "~/lib/forms";
import { CHARGE_RULES } from "./cancellation";

/** A till receipt's or a cash pay-out's reference, as staff type it. */
const referenceField = textField({ required: true, max: 60 });

/**
 * Record showroom payment: what the customer brought (one cent up to what is owed: the largest
 * is checked against the plan, docs/decisions/044), the till receipt's reference, and what the
 * form showed as still owed, so the same form sent twice records once.
 */
export const showroomPaymentSchema = z.object({
  amount: amountField({ required: "Enter the amount received.", min: 1 }),
  receiptReference: referenceField,
  owedCents: z.coerce
    .number({ message: "Refresh the page: what is owed is not known." })
    .int({ message: "Refresh the page: what is owed is not known." })
    .min(1, { message: "Refresh the page: what is owed is not known." })
    .max(MAX_AMOUNT_CENTS, { message: "Refresh the page: what is owed is not known." }),
});

/**
 * Cancel lay-by: why, which decides the charge: the shopper's choice (the charge applies,
 * s62(4)), hospitalisation or death (none, s62(5)(a)), or the shop cannot supply the goods
 * (none, everything back, s62(2)-(3)).
 */
export const cancelLaybySchema = z.object({
  chargeRule: z.enum(CHARGE_RULES, { message: "Choose why the lay-by is cancelled." }),
});
