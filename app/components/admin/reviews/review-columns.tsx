import { Check, Sparkles, Star } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { Badge } from "~/components/admin/ui/badge";
import { Button } from "~/components/admin/ui/button";
import type { ReviewRow } from "~/domain/reviews/review-list";
import { REVIEW_STATUS_LABELS, type ReviewStatus } from "~/domain/reviews/review-status";
import { formatDateTime } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import { REVIEW_FETCHER } from "./review-fetcher";
import { RejectReviewDialog, ReplyReviewDialog, reviewName } from "./review-dialogs";

const STATUS_VARIANT: Record<ReviewStatus, "secondary" | "default" | "destructive"> = {
  pending: "secondary",
  published: "default",
  rejected: "destructive",
};

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

/** The stars given, drawn and said ("4 out of 5 stars"). */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 whitespace-nowrap" title={`${rating} of 5`}>
      <span className="sr-only">{`${rating} out of 5 stars`}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={
            n <= rating ? "size-4 fill-amber-500 text-amber-600" : "size-4 text-muted-foreground"
          }
        />
      ))}
    </span>
  );
}

/** A photo for staff, whatever the review's state (/media shows a published review's only). */
const reviewPhotoHref = (id: number) => `/admin/reviews/photos/${id}`;

/** The review's photos as thumbnails; each opens on its own. */
function Photos({ review }: { review: ReviewRow }) {
  if (review.photos.length === 0) return null;
  return (
    <ul className="mt-2 flex gap-2" aria-label="Photos">
      {review.photos.map((photo, i) => (
        <li key={photo.id}>
          <a
            href={reviewPhotoHref(photo.id)}
            target="_blank"
            rel="noreferrer"
            className="block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <img
              src={reviewPhotoHref(photo.id)}
              alt={`Photo ${i + 1} of ${review.photos.length} with ${reviewName(review)}`}
              width={56}
              height={56}
              loading="lazy"
              className="size-14 rounded-md border object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A button that posts one intent for a review through the page's fetcher. */
function IntentButton({
  review,
  intent,
  label,
  children,
  variant = "outline",
}: {
  review: ReviewRow;
  intent: "publish" | "feature" | "unfeature";
  label: string;
  children: ReactNode;
  variant?: "default" | "outline" | "ghost";
}) {
  const fetcher = useFetcher<FormActionResult>({ key: REVIEW_FETCHER });
  return (
    <fetcher.Form method="post" action="/admin/reviews">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={review.id} />
      <Button
        type="submit"
        variant={variant}
        size="sm"
        aria-label={`${label} ${reviewName(review)}`}
        disabled={fetcher.state !== "idle"}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}

/** The Reviews list's columns; `canFeature` (the owner) adds the home page's choice. */
export function reviewColumns({ canFeature }: { canFeature: boolean }): ListColumn<ReviewRow>[] {
  return [
    {
      key: "product",
      header: "Product",
      sortable: true,
      cell: (r) => (
        <div className="min-w-[140px]">
          <a
            href={`/products/${r.productSlug}`}
            className="font-medium text-primary hover:underline"
            target="_blank"
            rel="noreferrer"
          >
            {r.productTitle}
          </a>
          <p className="text-xs text-muted-foreground">{r.productSlug}</p>
        </div>
      ),
    },
    { key: "rating", header: "Rating", sortable: true, cell: (r) => <Stars rating={r.rating} /> },
    {
      key: "review",
      header: "Review",
      cell: (r) => (
        <div className="max-w-[320px] min-w-[200px] space-y-1">
          {r.title ? <p className="font-medium">{r.title}</p> : null}
          {r.excerpt ? <p className="text-sm break-words">{r.excerpt}</p> : muted("No text")}
          <Photos review={r} />
        </div>
      ),
    },
    {
      key: "writer",
      header: "Writer",
      cell: (r) => (
        <div className="space-y-1">
          <p>{r.displayName}</p>
          {r.verifiedBuyer ? (
            <Badge variant="outline">Verified buyer</Badge>
          ) : (
            <p className="text-xs text-muted-foreground">Not a verified buyer</p>
          )}
        </div>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <div className="max-w-[220px] space-y-1">
          <div className="flex flex-wrap gap-1">
            <Badge variant={STATUS_VARIANT[r.status]}>{REVIEW_STATUS_LABELS[r.status]}</Badge>
            {r.featured ? <Badge variant="outline">Featured</Badge> : null}
          </div>
          {r.status === "rejected" && r.rejectReason ? (
            <p className="text-xs break-words text-muted-foreground">Reason: {r.rejectReason}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: "reply",
      header: "Reply",
      cell: (r) =>
        r.reply ? (
          <p className="max-w-[220px] text-sm break-words line-clamp-3" title={r.reply}>
            {r.reply}
          </p>
        ) : (
          muted("No reply")
        ),
    },
    {
      key: "created",
      header: "Written",
      sortable: true,
      className: "whitespace-nowrap",
      cell: (r) => (
        <div>
          <p>{formatDateTime(r.createdAt)}</p>
          {r.publishedAt ? (
            <p className="text-xs text-muted-foreground">
              Published {formatDateTime(r.publishedAt)}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (r) => (
        <ListRowActions>
          <div className="flex flex-wrap justify-end gap-1">
            {r.status !== "published" ? (
              <IntentButton review={r} intent="publish" label="Publish" variant="default">
                <Check aria-hidden /> Publish
              </IntentButton>
            ) : null}
            {r.status !== "rejected" ? <RejectReviewDialog review={r} /> : null}
            <ReplyReviewDialog review={r} />
            {canFeature && r.status === "published" ? (
              <IntentButton
                review={r}
                intent={r.featured ? "unfeature" : "feature"}
                label={r.featured ? "Stop featuring" : "Feature"}
              >
                <Sparkles aria-hidden /> {r.featured ? "Stop featuring" : "Feature"}
              </IntentButton>
            ) : null}
          </div>
        </ListRowActions>
      ),
    },
  ];
}
