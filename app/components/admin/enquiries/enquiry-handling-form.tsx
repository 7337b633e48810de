import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { Label, NativeSelect, Textarea } from "~/components/admin/ui/input";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { ENQUIRY_STATUSES } from "~/domain/leads/enquiry-lists";
import { enquiryUpdateSchema, STAFF_NOTE_MAX } from "~/domain/leads/schemas";
import { formatDateTime } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";

/** Staff's side of an enquiry: its status and note, and who last changed them. */
export function EnquiryHandlingForm({
  enquiry,
  pageResult,
}: {
  enquiry: {
    status: string;
    staffNote: string;
    handler: string | null;
    handledAt: Date | string | null;
  };
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: enquiryUpdateSchema, pageResult });
  const { errors } = form;
  const message = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Handling</CardTitle>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form
          method="post"
          onSubmit={form.onSubmit}
          onInput={(e) => form.clearError((e.target as HTMLInputElement).name)}
          noValidate
          className="space-y-4"
        >
          <div className="space-y-1.5">
            <Label htmlFor="status">Status</Label>
            <NativeSelect
              id="status"
              name="status"
              defaultValue={form.values.status ?? enquiry.status}
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={errors.status ? "status-error" : undefined}
            >
              {ENQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </NativeSelect>
            {message("status")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="note">Staff note</Label>
            <Textarea
              id="note"
              name="note"
              rows={5}
              maxLength={STAFF_NOTE_MAX}
              defaultValue={form.values.note ?? enquiry.staffNote}
              placeholder="What was agreed, when to follow up..."
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? "note-error" : undefined}
            />
            {message("note")}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? "Saving..." : "Save"}
            </Button>
            <p className="text-sm text-muted-foreground" data-testid="handled">
              {enquiry.handledAt
                ? `Last handled by ${enquiry.handler ?? "a former colleague"}, ${formatDateTime(enquiry.handledAt)}.`
                : "Nobody has handled this enquiry yet."}
            </p>
          </div>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
