import {
  publishedReviews,
  reviewSummary,
  type PublishedReview,
  type ReviewSummary,
} from "./product-reviews.server";
import { readReviewListParams, reviewPages, type ReviewSort } from "./review-sorts";

/** What a product page shows of its reviews: the summary and one page of them. */
export type ProductReviewPage = {
  summary: ReviewSummary;
  reviews: PublishedReview[];
  sort: ReviewSort;
  page: number;
  pages: number;
};

/**
 * A product's published reviews as its page lists them, sorted and paged as its address asks
 * (`?sort=` and `?page=`; an unknown sort is the newest first, a page past the last the last).
 * Pending and rejected reviews are never read.
 */
export async function productReviewPage(options: {
  productId: number;
  query: URLSearchParams;
}): Promise<ProductReviewPage> {
  const summary = await reviewSummary(options.productId);
  const { sort, page } = readReviewListParams(options.query, summary.count);
  const reviews =
    summary.count === 0 ? [] : await publishedReviews({ productId: options.productId, sort, page });
  return { summary, reviews, sort, page, pages: reviewPages(summary.count) };
}
