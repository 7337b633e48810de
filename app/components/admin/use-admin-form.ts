import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { parseForm, type FieldErrors, type FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";

/**
 * The back office's form pattern (docs/decisions/002-forms.md): the schema checks the form
 * before sending, the action checks it again; results show as toasts and as messages under
 * the fields, which clear when the field is edited. Without JavaScript the form posts
 * normally and the page shows `pageResult`.
 */
export function useAdminForm(options: {
  schema?: z.ZodType;
  pageResult?: FormActionResult;
  /** Toast title for a form that fails its checks in the browser. */
  validationTitle?: string;
  /** Empties the form after a success (a create form); edit forms keep their values. */
  resetOnSuccess?: boolean;
  onSuccess?: () => void;
  /**
   * A fetcher shared by key with the page, for a form that may leave the page when its change
   * is saved (an action its new status no longer offers): the page then shows the notices
   * (`toasts: false` here), since a form gone from the page cannot.
   */
  fetcherKey?: string;
  /** Whether this form shows its result as a toast; true unless the page does. */
  toasts?: boolean;
}) {
  const fetcher = useFetcher<FormActionResult>(
    options.fetcherKey ? { key: options.fetcherKey } : undefined,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const latest = useRef(options);
  latest.current = options;
  const result = fetcher.data ?? options.pageResult;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const outcome = fetcher.data;
    const toasts = latest.current.toasts ?? true;
    if (outcome.ok) {
      if (toasts) {
        notify.success(outcome.message.title, { description: outcome.message.description });
      }
      setErrors({});
      if (latest.current.resetOnSuccess) formRef.current?.reset();
      latest.current.onSuccess?.();
    } else {
      if (toasts) notify.error(outcome.alert.title, { description: outcome.alert.description });
      setErrors(outcome.fieldErrors);
    }
  }, [fetcher.state, fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const formData = new FormData(form, submitter);
    const schema = latest.current.schema;
    if (schema) {
      const parsed = parseForm(schema, formData);
      if (!parsed.ok) {
        setErrors(parsed.fieldErrors);
        const first = Object.values(parsed.fieldErrors)[0] ?? parsed.alert.description;
        notify.error(latest.current.validationTitle ?? "Validation Error", { description: first });
        return;
      }
    }
    setErrors({});
    void fetcher.submit(formData, {
      method: "post",
      action: form.getAttribute("action") ?? undefined,
      encType: (form.getAttribute("enctype") as "multipart/form-data" | null) ?? undefined,
    });
  }

  const pageErrors = !fetcher.data && result && !result.ok ? result.fieldErrors : {};
  return {
    fetcher,
    formRef,
    onSubmit,
    submitting: fetcher.state !== "idle",
    errors: { ...pageErrors, ...errors },
    /** Clears a field's message once the field is edited. */
    clearError(name: string) {
      setErrors((current) => {
        if (!(name in current)) return current;
        const next = { ...current };
        delete next[name];
        return next;
      });
    },
    values: result && !result.ok && !fetcher.data ? result.values : {},
    result,
  };
}
