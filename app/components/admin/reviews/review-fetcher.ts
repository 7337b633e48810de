import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";

/** The one fetcher the Reviews page's buttons and dialogs post through. */
export const REVIEW_FETCHER = "review-moderation";

/**
 * Toasts a publish, rejection, reply or feature: on the page, because the row that sent it may
 * leave a filtered list once saved (a published review leaves "Pending").
 */
export function useReviewToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: REVIEW_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}
