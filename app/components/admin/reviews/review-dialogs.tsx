import { MessageSquareReply, XCircle } from "lucide-react";
import { TextareaField } from "~/components/admin/field";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import type { ReviewRow } from "~/domain/reviews/review-list";
import {
  REJECT_REASON_MAX,
  REPLY_MAX,
  rejectReviewSchema,
  replyReviewSchema,
} from "~/domain/reviews/review-schemas";
import { REVIEW_FETCHER } from "./review-fetcher";

const ACTION = "/admin/reviews";

/** Whose review a button acts on, for its accessible name ("Reject Thandi's review of …"). */
export const reviewName = (review: Pick<ReviewRow, "displayName" | "productTitle">) =>
  `${review.displayName}'s review of ${review.productTitle}`;

/** "Reject": the reason is required, and e-mailed to the writer. */
export function RejectReviewDialog({ review }: { review: ReviewRow }) {
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reject ${reviewName(review)}`}>
          <XCircle aria-hidden /> Reject
        </Button>
      }
      title="Reject Review"
      description={`${reviewName(review)}. Its writer is e-mailed the reason${
        review.status === "published" ? ", and it leaves the product's page and rating" : ""
      }.`}
      action={ACTION}
      intent="reject"
      schema={rejectReviewSchema}
      submitLabel="Reject Review"
      submittingLabel="Rejecting..."
      fetcherKey={REVIEW_FETCHER}
      toasts={false}
    >
      {(form) => (
        <>
          <input type="hidden" name="id" value={review.id} />
          <TextareaField
            id={`reject-${review.id}-reason`}
            name="reason"
            label="Reason"
            hint="The writer reads this in the e-mail."
            required
            rows={4}
            maxLength={REJECT_REASON_MAX}
            error={form.errors.reason}
            onEdit={form.clearError}
            defaultValue={form.values.reason ?? ""}
          />
        </>
      )}
    </FormDialog>
  );
}

/** "Reply": the shop's public answer under the review; saved empty, it is taken away. */
export function ReplyReviewDialog({ review }: { review: ReviewRow }) {
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reply to ${reviewName(review)}`}>
          <MessageSquareReply aria-hidden /> Reply
        </Button>
      }
      title={review.reply ? "Edit Reply" : "Reply to Review"}
      description={`${reviewName(review)}. The reply shows under the review on the product's page while it is published.`}
      action={ACTION}
      intent="reply"
      schema={replyReviewSchema}
      submitLabel="Save Reply"
      resetOnSuccess={false}
      fetcherKey={REVIEW_FETCHER}
      toasts={false}
    >
      {(form) => (
        <>
          <input type="hidden" name="id" value={review.id} />
          <TextareaField
            id={`reply-${review.id}-reply`}
            name="reply"
            label="Reply"
            hint="Leave it empty to remove the reply."
            rows={5}
            maxLength={REPLY_MAX}
            error={form.errors.reply}
            onEdit={form.clearError}
            defaultValue={form.values.reply ?? review.reply}
          />
        </>
      )}
    </FormDialog>
  );
}
