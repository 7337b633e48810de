import { RatingStars } from "~/components/store/product-card";
import { useStoreSettings } from "~/components/store/use-store-settings";
import type { PublishedReview } from "~/domain/reviews/product-reviews.server";
import { mediaFileSrc } from "~/lib/media";
import { VerifiedBuyer } from "./verified-buyer";

/**
 * The day a review was published, written the same on the server and in the browser (the
 * shop's zone, the month in words) so the page hydrates without a difference.
 */
const PUBLISHED_DAY = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  day: "numeric",
  month: "long",
  year: "numeric",
});

export function ReviewItem({ review }: { review: PublishedReview }) {
  const { storeName } = useStoreSettings();
  const published = new Date(review.publishedAt);
  return (
    <article className="space-y-2 border-b py-5 last:border-b-0">
      <RatingStars rating={review.rating} />
      {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{review.displayName}</span>
        {review.verifiedBuyer ? <VerifiedBuyer /> : null}
        <time dateTime={review.publishedAt}>{PUBLISHED_DAY.format(published)}</time>
      </p>
      {review.body ? <p className="leading-relaxed whitespace-pre-line">{review.body}</p> : null}
      {review.photos.length > 0 ? (
        <ul aria-label="Photos" className="flex flex-wrap gap-2">
          {review.photos.map((photo, i) => (
            <li key={photo.file}>
              <a
                href={mediaFileSrc(photo.file)}
                className="block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <img
                  src={mediaFileSrc(photo.file)}
                  alt={`Photo ${i + 1} of ${review.photos.length} from ${review.displayName}'s review`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  className="size-24 rounded-md border object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="ml-4 rounded-md border-l-4 border-primary/40 bg-muted/60 p-3 text-sm">
          <p className="font-semibold">Reply from {storeName}</p>
          <p className="mt-1 leading-relaxed whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
