import { z } from "zod";
import {
  PHOTOS_FIELD,
  RATING_MESSAGE,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from "./review-limits";

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

/**
 * A review as its writer sends it, from the invitation's form and the signed-in shopper's
 * alike. The photos are files in `photos`; their content and number are checked on the server
 * (review-photos.server.ts).
 */
export const reviewSchema = z.object({
  rating: z
    .string({ error: RATING_MESSAGE })
    .trim()
    .regex(/^[1-5]$/, RATING_MESSAGE)
    .transform(Number),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `Keep the title to ${REVIEW_TITLE_MAX} characters.`)
    .default(""),
  body: z
    .string()
    .trim()
    .max(
      REVIEW_TEXT_MAX,
      `Keep your review to ${REVIEW_TEXT_MAX.toLocaleString("en-ZA")} characters.`,
    )
    .default(""),
  displayName: z
    .string({ error: "Say the name to show with your review." })
    .trim()
    .min(1, "Say the name to show with your review.")
    .max(REVIEW_NAME_MAX, `Keep the name to ${REVIEW_NAME_MAX} characters.`),
});

export type ReviewInput = z.output<typeof reviewSchema>;

/** The files chosen in the form's photo field (an empty field sends one empty file). */
export function photosOfForm(form: FormData): File[] {
  return form.getAll(PHOTOS_FIELD).filter((v): v is File => typeof v !== "string" && v.size > 0);
}

/** The name a review shows by default: the first name and the town, as the order has them. */
export function defaultDisplayName(firstName: string, town: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? "";
  const place = town.trim();
  const name = first && place ? `${first} from ${place}` : first || place;
  return name.slice(0, REVIEW_NAME_MAX);
}
