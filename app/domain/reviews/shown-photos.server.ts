import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { reviewPhotos, reviews } from "~/db/schema";
import { REVIEW_PHOTO_FOLDER } from "./review-limits";

/**
 * Whether /media shows a review's photo: only while its review is published. A pending
 * review's photos wait for staff's check, and a rejected review's are taken down with it
 * (staff see both through /admin/reviews/photos/:id).
 */
export async function isPublishedReviewPhoto(file: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.file, file), eq(reviews.status, "published")))
    .limit(1);
  return row !== undefined;
}

/** The folders /media shows only while their gate allows (server/media-route.ts). */
export const MEDIA_GATES = { [REVIEW_PHOTO_FOLDER]: isPublishedReviewPhoto };
