import { z } from "zod";

export const REJECT_REASON_MAX = 500;
export const REPLY_MAX = 2000;

const REASON_MISSING = "Say why the review is rejected: its writer is told.";

/** The Reject dialog: the reason is required, since the writer is told it by e-mail. */
export const rejectReviewSchema = z.object({
  reason: z
    .string(REASON_MISSING)
    .trim()
    .min(1, REASON_MISSING)
    .max(REJECT_REASON_MAX, `Keep the reason under ${REJECT_REASON_MAX} characters.`),
});

/** The Reply dialog: the shop's public answer; left empty, it takes the reply away. */
export const replyReviewSchema = z.object({
  reply: z.string().trim().max(REPLY_MAX, "Keep the reply under 2,000 characters.").default(""),
});
