import type * as React from "react";
import { Toaster } from "~/components/store/toaster";

/** The centred card of the sign-in screens. */
export function AuthScreen({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md">{children}</div>
      <Toaster />
    </main>
  );
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
