import { Icon } from "~/components/store/icon";
import type { FormActionResult } from "~/lib/forms";

/** The outcome of a form posted without JavaScript, shown in the page. */
export function FormResult({ result }: { result?: FormActionResult }) {
  if (!result) return null;
  const { title, description } = result.ok ? result.message : result.alert;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={
        result.ok
          ? "flex gap-3 rounded-lg border border-green-600/40 bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100"
          : "flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4"
      }
    >
      {result.ok ? (
        <Icon name="circle-check" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <Icon name="circle-exclamation-point" className="mt-0.5 size-5 shrink-0 text-destructive" />
      )}
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{description}</p>
      </div>
    </div>
  );
}
