import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";

/** The lay-by forms' fetchers, shared by key with the card that shows their notices. */
export const LAYBY_FETCHERS = {
  payment: "layby-payment",
  cancel: "layby-cancel",
} as const;

/** The toasts of a form's fetcher shared by key, shown by what outlives the form. */
export function FetcherToasts({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<FormActionResult>({ key: fetcherKey });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
  return null;
}
