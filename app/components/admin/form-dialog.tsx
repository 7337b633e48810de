import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { Button } from "~/components/admin/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useAdminForm } from "./use-admin-form";

export type FormDialogFields = ReturnType<typeof useAdminForm>;

/**
 * The back office's create/edit dialog (Add Supplier, Adjust Stock, ...): the trigger opens a
 * form that posts to `action` through the one admin form pattern (useAdminForm): checked by the
 * schema in the browser and again by the action, messages under the fields, a toast after the
 * change is saved. The dialog closes only after the server saved it; focus goes back to the
 * trigger. `intent` is sent as the form's `intent` field when one action serves several forms.
 */
export function FormDialog({
  trigger,
  title,
  description,
  action,
  intent,
  schema,
  submitLabel,
  submittingLabel = "Saving...",
  resetOnSuccess = true,
  wide = false,
  fetcherKey,
  toasts,
  children,
}: {
  /** The button that opens the dialog (rendered as the trigger). */
  trigger: ReactNode;
  title: string;
  description?: string;
  action?: string;
  intent?: string;
  schema?: z.ZodType;
  submitLabel: string;
  submittingLabel?: string;
  resetOnSuccess?: boolean;
  wide?: boolean;
  /** See useAdminForm: for a dialog its saved change may take off the page. */
  fetcherKey?: string;
  toasts?: boolean;
  /** The fields; given the form's state (errors by field, clearError, kept values). */
  children: (form: FormDialogFields) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const form = useAdminForm({
    schema,
    resetOnSuccess,
    onSuccess: () => setOpen(false),
    fetcherKey,
    toasts,
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent box={wide ? "max-w-2xl p-6" : "max-w-lg p-6"}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription>{description}</DialogDescription>
          ) : (
            <DialogDescription className="sr-only">{title}</DialogDescription>
          )}
        </DialogHeader>
        <form
          ref={form.formRef}
          method="post"
          action={action}
          onSubmit={form.onSubmit}
          noValidate
          className="space-y-4"
        >
          {intent && <input type="hidden" name="intent" value={intent} />}
          {children(form)}
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? submittingLabel : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
