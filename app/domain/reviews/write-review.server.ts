import { and, eq, isNull } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { reviewLinks, reviews } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { mediaStore } from "~/lib/configured-media-store.server";
import type { MediaStore } from "~/lib/media-store.server";
import { findReviewLink, type ReviewLink } from "./review-links.server";
import { FORGED_LINK_MESSAGE, USED_LINK_MESSAGE } from "./review-messages";
import {
  discardReviewPhotos,
  insertReviewPhotos,
  readReviewPhotos,
  storeReviewPhotos,
  type StoredReviewPhoto,
} from "./review-photos.server";
import type { ReviewInput } from "./review-schemas";

type ReviewRow = typeof reviews.$inferInsert;

/**
 * Checks and stores the photos, then runs the write; photos of a write that did not happen
 * are removed again. Files are no part of a transaction, so they go first.
 */
export async function withStoredPhotos<T>(
  files: readonly File[],
  store: MediaStore | undefined,
  write: (photos: StoredReviewPhoto[]) => Promise<T>,
): Promise<T> {
  const photos = await readReviewPhotos(files);
  const target = store ?? mediaStore();
  const stored = await storeReviewPhotos(target, photos);
  try {
    return await write(stored);
  } catch (error) {
    await discardReviewPhotos(target, stored);
    throw error;
  }
}

/** Inserts a pending review with its photos and the audit line; answers its id. */
export async function insertReview(
  tx: Tx,
  row: Omit<ReviewRow, "status" | "id">,
  photos: readonly StoredReviewPhoto[],
  audit: { actorId: string | null; actorEmail: string; via: "invitation" | "account" },
): Promise<number> {
  const [review] = await tx
    .insert(reviews)
    .values({ ...row, status: "pending" })
    .returning({ id: reviews.id });
  await insertReviewPhotos(tx, review!.id, photos);
  await recordAudit(
    {
      action: "review_written",
      actorId: audit.actorId,
      actorEmail: audit.actorEmail,
      subject: `review:${review!.id}`,
      details: {
        productId: row.productId,
        rating: row.rating,
        verifiedBuyer: row.verifiedBuyer ?? false,
        photos: photos.length,
        via: audit.via,
      },
    },
    tx,
  );
  return review!.id;
}

/**
 * The link a token opens, refused when we never sent it (404) or it was used (409). The page's
 * action asks before it reads the form, so a forged or used link's photos are never taken in.
 */
export async function openReviewLink(token: string): Promise<ReviewLink> {
  const link = await findReviewLink(token);
  if (!link) throw notFound(FORGED_LINK_MESSAGE);
  if (link.usedAt) throw conflict(USED_LINK_MESSAGE);
  return link;
}

/**
 * A review written through an invitation's link: a verified buyer's, about the link's order
 * line, pending until staff publish it. The link is marked used by a conditional UPDATE in the
 * same transaction, so a second submit (reused, or at the same moment) is refused.
 */
export async function writeReviewByLink(options: {
  token: string;
  input: ReviewInput;
  photos: readonly File[];
  store?: MediaStore;
}): Promise<{ reviewId: number; productTitle: string }> {
  const link = await openReviewLink(options.token);
  const { input } = options;
  const reviewId = await withStoredPhotos(options.photos, options.store, (photos) =>
    db().transaction(async (tx) => {
      const [taken] = await tx
        .update(reviewLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(reviewLinks.id, link.linkId), isNull(reviewLinks.usedAt)))
        .returning({ id: reviewLinks.id });
      if (!taken) throw conflict(USED_LINK_MESSAGE);
      const [already] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.orderLineId, link.orderLineId));
      if (already) throw conflict("You have reviewed this already: thank you.");
      return insertReview(
        tx,
        {
          productId: link.productId,
          orderId: link.orderId,
          orderLineId: link.orderLineId,
          email: link.email.trim().toLowerCase(),
          rating: input.rating,
          title: input.title,
          body: input.body,
          displayName: input.displayName,
          verifiedBuyer: true,
        },
        photos,
        { actorId: null, actorEmail: link.email, via: "invitation" },
      );
    }),
  );
  return { reviewId, productTitle: link.productTitle };
}
