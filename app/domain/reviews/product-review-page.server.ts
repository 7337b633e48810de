import {
  noReviews,
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
 *
 * `reviewCount` is the product's own count of its published reviews, kept in the transaction
 * that publishes, rejects, edits or erases one (`refreshProductRating`): a product without any
 * reads nothing more, and one with some reads its summary and its page together.
 */
export async function productReviewPage(options: {
  productId: number;
  reviewCount: number;
  query: URLSearchParams;
}): Promise<ProductReviewPage> {
  const { sort, page } = readReviewListParams(options.query, options.reviewCount);
  if (options.reviewCount === 0) {
    return { summary: noReviews(), reviews: [], sort, page, pages: reviewPages(0) };
  }
  const [summary, reviews] = await Promise.all([
    reviewSummary(options.productId),
    publishedReviews({ productId: options.productId, sort, page }),
  ]);
  return { summary, reviews, sort, page, pages: reviewPages(summary.count) };
}
