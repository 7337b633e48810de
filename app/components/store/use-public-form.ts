import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { parseForm, type FieldErrors, type FormActionResult } from "~/lib/forms";

/**
 * The one pattern for the storefront's forms: the same schema checks the form in the browser
 * before sending and in the action; results show as toasts and as messages by the fields.
 * Without JavaScript the form posts normally and the page shows `pageResult`.
 */
export function usePublicForm(options: {
  schema: z.ZodType;
  pageResult?: FormActionResult;
  onSuccess?: () => void;
}) {
  const fetcher = useFetcher<FormActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const result = fetcher.data ?? options.pageResult;
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const outcome = fetcher.data;
    if (outcome.ok) {
      toast.success(outcome.message.title, { description: outcome.message.description });
      formRef.current?.reset();
      onSuccess.current?.();
    } else {
      toast.error(outcome.alert.title, { description: outcome.alert.description });
    }
  }, [fetcher.state, fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = parseForm(options.schema, new FormData(event.currentTarget));
    if (!parsed.ok) {
      event.preventDefault();
      setClientErrors(parsed.fieldErrors);
      toast.error(parsed.alert.title, { description: parsed.alert.description });
      return;
    }
    setClientErrors(null);
  }

  const serverErrors = result && !result.ok ? result.fieldErrors : {};
  return {
    fetcher,
    formRef,
    onSubmit,
    submitting: fetcher.state !== "idle",
    errors: clientErrors ?? serverErrors,
    /** Values to show again after a failed no-JavaScript post. */
    values: result && !result.ok && !fetcher.data ? result.values : {},
    result,
  };
}
