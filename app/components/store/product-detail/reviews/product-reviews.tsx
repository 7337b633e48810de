import { clsx } from "clsx";
import { Link, useLocation } from "react-router";
import type { ProductReviewPage } from "~/domain/reviews/product-review-page.server";
import { pageWindow, REVIEW_SORTS, reviewListHref } from "~/domain/reviews/review-sorts";
import { ReviewItem } from "./review-item";
import { ReviewSummaryPanel } from "./review-summary";

const pillClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";
const currentPill = "border-primary bg-primary text-primary-foreground";
const otherPill = "bg-background hover:bg-muted";

/**
 * The product's published reviews: the summary and histogram, then one page of reviews. The
 * sorts and pages are links (`?sort=`, `?page=`), so the section is read and paged without
 * JavaScript, and each view has its own address.
 */
export function ProductReviews({ reviews }: { reviews: ProductReviewPage }) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const href = (sort: ProductReviewPage["sort"], page: number) =>
    reviewListHref(pathname, query, { sort, page });

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-10 scroll-mt-20 border-t pt-8"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          Reviews
        </h2>
        {/* Signed in, a buyer reviews from here too; the page says who may and why not. */}
        <Link
          to={`${pathname}/review`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Write a review
        </Link>
      </div>
      {reviews.summary.count === 0 ? (
        <div className="mt-3 space-y-1">
          <p className="font-medium">No reviews yet.</p>
          <p className="text-sm text-muted-foreground">
            Bought this? We e-mail you a link to review it after delivery.
          </p>
        </div>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <ReviewSummaryPanel summary={reviews.summary} />
          <div>
            <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-muted-foreground">Sort by</span>
              {REVIEW_SORTS.map((s) => (
                <Link
                  key={s.value}
                  to={href(s.value, 1)}
                  aria-current={s.value === reviews.sort ? "page" : undefined}
                  className={clsx(pillClass, s.value === reviews.sort ? currentPill : otherPill)}
                >
                  {s.label}
                </Link>
              ))}
            </nav>
            <div className="mt-2">
              {reviews.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </div>
            {reviews.pages > 1 ? (
              <nav aria-label="Review pages" className="mt-4 flex flex-wrap items-center gap-2">
                {reviews.page > 1 ? (
                  <Link
                    to={href(reviews.sort, reviews.page - 1)}
                    className={clsx(pillClass, otherPill)}
                  >
                    Previous<span className="sr-only"> reviews</span>
                  </Link>
                ) : null}
                {pageWindow(reviews.page, reviews.pages).map((page) => (
                  <Link
                    key={page}
                    to={href(reviews.sort, page)}
                    aria-current={page === reviews.page ? "page" : undefined}
                    aria-label={`Reviews page ${page}`}
                    className={clsx(pillClass, page === reviews.page ? currentPill : otherPill)}
                  >
                    {page}
                  </Link>
                ))}
                {reviews.page < reviews.pages ? (
                  <Link
                    to={href(reviews.sort, reviews.page + 1)}
                    className={clsx(pillClass, otherPill)}
                  >
                    Next<span className="sr-only"> reviews</span>
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
