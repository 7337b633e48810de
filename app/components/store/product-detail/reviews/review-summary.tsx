import { RatingStars } from "~/components/store/product-card";
import type { ReviewSummary } from "~/domain/reviews/product-reviews.server";
import { formatCount } from "~/lib/numbers";

const reviewsWord = (n: number) => (n === 1 ? "review" : "reviews");

/** The average, the count and how many reviews gave each number of stars. */
export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  const most = Math.max(...summary.histogram.map((h) => h.count));
  return (
    <div className="space-y-3">
      <div>
        <p className="text-4xl font-bold">
          {summary.average.toFixed(1)}
          <span className="text-base font-normal text-muted-foreground"> out of 5</span>
        </p>
        <RatingStars rating={summary.average} />
        <p className="text-sm text-muted-foreground">
          Based on {formatCount(summary.count)} {reviewsWord(summary.count)}
        </p>
      </div>
      <ul aria-label="Reviews by rating" className="space-y-1.5">
        {summary.histogram.map(({ stars, count }) => (
          <li key={stars} className="flex items-center gap-2 text-sm">
            <span className="sr-only">
              {stars} {stars === 1 ? "star" : "stars"}: {formatCount(count)} {reviewsWord(count)}
            </span>
            <span aria-hidden className="w-8 shrink-0 tabular-nums">
              {stars} ★
            </span>
            <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-accent"
                style={{ width: `${most === 0 ? 0 : (count / most) * 100}%` }}
              />
            </span>
            <span
              aria-hidden
              className="w-8 shrink-0 text-right text-muted-foreground tabular-nums"
            >
              {formatCount(count)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
