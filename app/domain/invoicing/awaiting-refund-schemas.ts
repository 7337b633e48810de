import { z } from "zod";
import { REQUIRED_MESSAGE, textField } from "~/lib/forms";

const id = (what: string) =>
  z.coerce
    .number(REQUIRED_MESSAGE)
    .int(`Choose ${what}.`)
    .positive(`Choose ${what}.`)
    .max(2_147_483_647, `Choose ${what}.`);

/** "Ask again": the provider is asked now about a refund awaiting its answer. */
export const askAgainSchema = z.object({ refundId: id("a refund") });

export const REFUND_PART_OUTCOMES = ["paid_by_provider", "paid_by_hand", "not_paid"] as const;

/**
 * What staff found for one part of a refund awaiting an answer: the provider paid it (its
 * refund id from the provider's records), staff paid it back by hand (the EFT's or till's
 * reference), or the provider did not pay it.
 */
export const recordRefundPartSchema = z
  .object({
    refundId: id("a refund"),
    partId: id("a part of the refund"),
    outcome: z.enum(REFUND_PART_OUTCOMES, { message: "Choose what became of this money." }),
    reference: textField({ required: false, max: 100 }),
  })
  .superRefine((input, ctx) => {
    if (input.outcome !== "not_paid" && input.reference.length < 3) {
      ctx.addIssue({
        code: "custom",
        path: ["reference"],
        message:
          input.outcome === "paid_by_hand"
            ? "Enter the EFT's or till's reference."
            : "Enter the provider's reference for the refund.",
      });
    }
  });
