import { exportReviews, REVIEW_EXPORT_HEADER } from "~/domain/reviews/list-reviews.server";
import { REVIEW_LIST } from "~/domain/reviews/review-list";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/reviews-export";

/** /admin/reviews/export: the reviews the list's search and filters show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(REVIEW_LIST, readSearchParams(request));
  return csvResponse({
    filename: `reviews-${new Date().toISOString().slice(0, 10)}.csv`,
    header: REVIEW_EXPORT_HEADER,
    rows: exportReviews({ params }),
  });
}
