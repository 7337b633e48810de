import { defineList } from "~/lib/list-params";
import { REVIEW_STATUSES, type ReviewStatus } from "./review-status";

/**
 * The back office's Reviews list: by default the pending ones first (what waits for staff),
 * each group newest first; 20 to a page. Filters: status, the stars given, and the search box
 * for the product's title or slug.
 */
export const REVIEW_LIST = defineList({
  sorts: ["queue", "created", "rating", "product"] as const,
  defaultSort: "queue",
  defaultDirection: "desc",
  statuses: REVIEW_STATUSES,
  pageSize: 20,
  filters: ["rating"],
});

export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;

/** The rating filter as the URL gives it: 1 to 5, else no filter. */
export function ratingFilter(value: string | undefined): number | null {
  if (!value || !/^[1-5]$/.test(value)) return null;
  return Number(value);
}

/** How much of a review's text the list shows. */
export const EXCERPT_LENGTH = 160;

/** One review as staff moderate it. */
export type ReviewRow = {
  id: number;
  productTitle: string;
  productSlug: string;
  rating: number;
  title: string;
  /** The first EXCERPT_LENGTH characters of the text, with "…" when there is more. */
  excerpt: string;
  displayName: string;
  verifiedBuyer: boolean;
  status: ReviewStatus;
  rejectReason: string;
  reply: string;
  featured: boolean;
  /** ISO. */
  createdAt: string;
  publishedAt: string | null;
  /** Shown to staff through /admin/reviews/photos/:id, whatever the review's state. */
  photos: { id: number; file: string; width: number; height: number }[];
};
