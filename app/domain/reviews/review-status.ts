/** A review's states (docs/decisions/048) and the moves staff may make between them. */
export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Pending",
  published: "Published",
  rejected: "Rejected",
};

/**
 * Staff publish a pending or rejected review and reject a pending or published one (a
 * published review taken down leaves the product's figures at once). Only the writer's edit
 * moves a review back to pending.
 */
const STAFF_MOVES: Record<ReviewStatus, readonly ReviewStatus[]> = {
  pending: ["published", "rejected"],
  published: ["rejected"],
  rejected: ["published"],
};

export function canMoveReview(from: ReviewStatus, to: ReviewStatus): boolean {
  return STAFF_MOVES[from].includes(to);
}
