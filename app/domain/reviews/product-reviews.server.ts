import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { reviewPhotos, reviews } from "~/db/schema";
import { REVIEWS_PAGE_SIZE, type ReviewSort } from "./review-sorts";

// The sorts and page size live beside the page's links, which the browser needs too.
export { REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort } from "./review-sorts";

export type ReviewSummary = {
  count: number;
  /** The average to one decimal; 0 when there are none. */
  average: number;
  /** How many published reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  histogram: { stars: number; count: number }[];
};

export type PublishedReview = {
  id: number;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  verifiedBuyer: boolean;
  /** When it was published, ISO. */
  publishedAt: string;
  reply: string;
  photos: { file: string; width: number; height: number }[];
};

/** The product's published reviews counted by stars: the page's average and histogram. */
export async function reviewSummary(productId: number): Promise<ReviewSummary> {
  const rows = await db()
    .select({ stars: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .groupBy(reviews.rating);
  return summaryOf(new Map(rows.map((r) => [Number(r.stars), Number(r.count)])));
}

/** The summary of a product without published reviews. */
export function noReviews(): ReviewSummary {
  return summaryOf(new Map());
}

function summaryOf(byStars: Map<number, number>): ReviewSummary {
  const histogram = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 }));
  const count = histogram.reduce((n, h) => n + h.count, 0);
  const total = histogram.reduce((n, h) => n + h.count * h.stars, 0);
  return { count, average: count === 0 ? 0 : Math.round((total / count) * 10) / 10, histogram };
}

/** One page of a product's published reviews with their photos and the shop's replies. */
export async function publishedReviews(options: {
  productId: number;
  sort: ReviewSort;
  page: number;
}): Promise<PublishedReview[]> {
  const { productId, sort } = options;
  const page = Math.max(1, Math.floor(options.page));
  const order =
    sort === "highest"
      ? [desc(reviews.rating), desc(reviews.publishedAt), desc(reviews.id)]
      : sort === "lowest"
        ? [asc(reviews.rating), desc(reviews.publishedAt), desc(reviews.id)]
        : [desc(reviews.publishedAt), desc(reviews.id)];
  const rows = await db()
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      displayName: reviews.displayName,
      verifiedBuyer: reviews.verifiedBuyer,
      publishedAt: reviews.publishedAt,
      reply: reviews.reply,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .orderBy(...order)
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  const photos = await photosOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    rating: Number(r.rating),
    publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
    photos: photos.get(r.id) ?? [],
  }));
}

/** Each review's photos in their order. */
export async function photosOf(reviewIds: number[]) {
  const byReview = new Map<number, { id: number; file: string; width: number; height: number }[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db()
    .select({
      reviewId: reviewPhotos.reviewId,
      id: reviewPhotos.id,
      file: reviewPhotos.file,
      width: reviewPhotos.width,
      height: reviewPhotos.height,
    })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, reviewIds))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
  for (const { reviewId, ...photo } of rows) {
    const list = byReview.get(reviewId) ?? [];
    list.push(photo);
    byReview.set(reviewId, list);
  }
  return byReview;
}
