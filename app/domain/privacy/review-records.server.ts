import { asc, eq, inArray, or } from "drizzle-orm";
import { type db, type Tx } from "~/db/client.server";
import { products, reviewOptOuts, reviewPhotos, reviews } from "~/db/schema";
import { sameEmail } from "./same-email";

/**
 * The reviews the person wrote (by their address or their account), with their photos' files,
 * and whether they asked never to be invited to review again.
 */
export async function reviewsBy(
  q: Tx | ReturnType<typeof db>,
  email: string,
  userId: string | null,
) {
  const rows = await q
    .select({
      id: reviews.id,
      product: products.title,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      displayName: reviews.displayName,
      status: reviews.status,
      verifiedBuyer: reviews.verifiedBuyer,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(
      userId
        ? or(sameEmail(reviews.email, email), eq(reviews.userId, userId))
        : sameEmail(reviews.email, email),
    )
    .orderBy(asc(reviews.createdAt));
  const photos = rows.length
    ? await q
        .select({ reviewId: reviewPhotos.reviewId, file: reviewPhotos.file })
        .from(reviewPhotos)
        .where(
          inArray(
            reviewPhotos.reviewId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const [optOut] = await q
    .select({ since: reviewOptOuts.createdAt })
    .from(reviewOptOuts)
    .where(eq(reviewOptOuts.email, email));
  return {
    reviews: rows.map((r) => ({
      ...r,
      photos: photos.filter((p) => p.reviewId === r.id).map((p) => p.file),
    })),
    optOut: optOut ? { since: optOut.since } : null,
  };
}
