import type * as React from "react";
import { Toaster } from "~/components/store/toaster";
import type { FormActionResult } from "~/lib/forms";

/** The centred card of the sign-in screens. */
export function AuthScreen({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md">{children}</div>
      <Toaster />
    </main>
  );
}

/**
 * What a form's post said when the page was loaded again with it (without JavaScript): its
 * success, or a refusal no field holds. Nothing once the form has answered in the page.
 */
export function PageResultNotice({
  pageResult,
  answered,
}: {
  pageResult?: FormActionResult;
  answered: boolean;
}) {
  if (!pageResult || answered) return null;
  if (pageResult.ok) {
    return (
      <FormNotice tone="success" title={pageResult.message.title}>
        {pageResult.message.description}
      </FormNotice>
    );
  }
  if (Object.keys(pageResult.fieldErrors).length > 0) return null;
  return <FormNotice title={pageResult.alert.title}>{pageResult.alert.description}</FormNotice>;
}

/** A page-level notice (shown with or without JavaScript). */
export function FormNotice({
  tone = "error",
  title,
  children,
}: {
  tone?: "error" | "success";
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          : "rounded-md border border-green-600/40 bg-green-600/10 px-3 py-2 text-sm text-green-800 dark:text-green-300"
      }
    >
      {title && <p className="font-medium">{title}</p>}
      <p>{children}</p>
    </div>
  );
}
