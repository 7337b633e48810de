import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { FieldErrors, FormActionResult, FormAlert } from "~/lib/forms";
import { notify, preloadToasts } from "~/lib/notify";

const goToField = () => import("./go-to-field");

/**
 * The one pattern for the storefront's forms: the same schema checks the form in the browser
 * before sending and in the action; results show as toasts and as messages by the fields, and
 * a refusal, the browser's or the server's, takes the visitor to the first field in error.
 * Without JavaScript the form posts normally and the page shows `pageResult`.
 *
 * The schema (and zod with it) is loaded when the visitor first touches the form, not with the
 * page: `loadSchema` is a dynamic import.
 */
export function usePublicForm(options: {
  loadSchema: () => Promise<z.ZodType>;
  pageResult?: FormActionResult;
  onSuccess?: () => void;
}) {
  const fetcher = useFetcher<FormActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [clientAlert, setClientAlert] = useState<FormAlert | null>(null);
  // Counts refusals: after each has been drawn, the visitor is taken to the first field in error.
  const [refusals, setRefusals] = useState(0);
  const [checking, setChecking] = useState(false);
  const result = fetcher.data ?? options.pageResult;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const outcome = fetcher.data;
    if (outcome.ok) {
      notify.success(outcome.message.title, { description: outcome.message.description });
      formRef.current?.reset();
      latest.current.onSuccess?.();
    } else {
      notify.error(outcome.alert.title, { description: outcome.alert.description });
      setRefusals((n) => n + 1);
    }
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    // Loaded with the checks when the visitor reaches for the form (onFocus), not with the page.
    if (refusals > 0) void goToField().then((m) => m.goToFirstError(formRef.current));
  }, [refusals]);

  const loadValidator = () =>
    Promise.all([latest.current.loadSchema(), import("~/lib/forms")] as const);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    setChecking(true);
    try {
      const [schema, { parseForm }] = await loadValidator();
      const parsed = parseForm(schema, formData);
      if (!parsed.ok) {
        setClientErrors(parsed.fieldErrors);
        setClientAlert(parsed.alert);
        notify.error(parsed.alert.title, { description: parsed.alert.description });
        // Take the visitor to the first field that needs them (on a phone it may be off-screen).
        setRefusals((n) => n + 1);
        return;
      }
    } catch {
      // The check could not load (a lost connection): the server checks the same rules.
    } finally {
      setChecking(false);
    }
    setClientErrors(null);
    void fetcher.submit(formData, {
      method: "post",
      action: form.getAttribute("action") ?? undefined,
    });
  }

  const serverErrors = result && !result.ok ? result.fieldErrors : {};
  return {
    fetcher,
    formRef,
    onSubmit,
    /** Starts loading the checks and the toasts as soon as the visitor reaches for the form. */
    onFocus: () => {
      void loadValidator().catch(() => {});
      void goToField().catch(() => {});
      preloadToasts();
    },
    submitting: checking || fetcher.state !== "idle",
    errors: clientErrors ?? serverErrors,
    /** What the refusal shown says as a whole (for an error summary); null when none. */
    alert: clientErrors ? clientAlert : result && !result.ok ? result.alert : null,
    /** Values to show again after a failed no-JavaScript post. */
    values: result && !result.ok && !fetcher.data ? result.values : {},
    result,
  };
}
