import { Plus, Trash2, X } from "lucide-react";
import { useFetcher } from "react-router";
import { Field, TextareaField } from "~/components/admin/field";
import { Badge } from "~/components/admin/ui/badge";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  customerNoteSchema,
  customerTagSchema,
  MAX_NOTE_LENGTH,
  MAX_TAG_LENGTH,
} from "~/domain/customers/customer-schemas";
import { formatDateTime } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import { useEffect } from "react";
import { notify } from "~/lib/notify";

type Stamp = { id: number; authorEmail: string; createdAt: Date | string };

/** The page's result (a post without JavaScript) when it belongs to the form of `intent`. */
function resultFor(intent: string, result: FormActionResult | undefined) {
  return result && !result.ok && result.values.intent === intent ? result : undefined;
}

/** A remove button's form; its answer is toasted, and the page reloads what is left. */
function RemoveButton({ intent, id, label }: { intent: string; id: number; label: string }) {
  const fetcher = useFetcher<FormActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        disabled={fetcher.state !== "idle"}
      >
        {intent === "remove-tag" ? <X /> : <Trash2 />}
      </Button>
    </fetcher.Form>
  );
}

const byline = (s: Stamp) => `${s.authorEmail}, ${formatDateTime(s.createdAt)}`;

/** Staff's tags on the customer, each with who added it and when, and the Add Tag form. */
export function CustomerTagsCard({
  tags,
  pageResult,
}: {
  tags: (Stamp & { tag: string })[];
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: customerTagSchema,
    pageResult: resultFor("add-tag", pageResult),
    resetOnSuccess: true,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tags</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tags yet.</p>
        ) : (
          <ul className="space-y-2 text-sm" aria-label="Tags">
            {tags.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center gap-2"
                data-testid="customer-tag"
              >
                <Badge variant="outline" size="lg">
                  {t.tag}
                </Badge>
                <span className="text-muted-foreground">{byline(t)}</span>
                <RemoveButton intent="remove-tag" id={t.id} label={`Remove tag ${t.tag}`} />
              </li>
            ))}
          </ul>
        )}
        <form.fetcher.Form
          method="post"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          noValidate
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="add-tag" />
          <div className="min-w-40 flex-1">
            <Field
              name="tag"
              label="New tag"
              hint="A short word staff filter by, such as trade or upstairs delivery."
              maxLength={MAX_TAG_LENGTH}
              autoComplete="off"
              defaultValue={form.values.tag ?? ""}
              error={form.errors.tag}
              onEdit={form.clearError}
            />
          </div>
          <Button type="submit" disabled={form.submitting}>
            <Plus aria-hidden /> Add tag
          </Button>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** Staff's notes on the customer, newest first, with who wrote each and when. */
export function CustomerNotesCard({
  notes,
  pageResult,
}: {
  notes: (Stamp & { body: string })[];
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: customerNoteSchema,
    pageResult: resultFor("add-note", pageResult),
    resetOnSuccess: true,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Staff notes ({notes.length})</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form.fetcher.Form
          method="post"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          noValidate
          className="space-y-3"
        >
          <input type="hidden" name="intent" value="add-note" />
          <TextareaField
            name="body"
            label="New note"
            hint="Only staff see notes. Write what the next person serving them should know."
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            defaultValue={form.values.body ?? ""}
            error={form.errors.body}
            onEdit={form.clearError}
          />
          <Button type="submit" disabled={form.submitting}>
            <Plus aria-hidden /> Add note
          </Button>
        </form.fetcher.Form>
        {notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No notes yet.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Staff notes">
            {notes.map((n) => (
              <li key={n.id} className="flex items-start gap-2 py-3" data-testid="customer-note">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="break-words whitespace-pre-line">{n.body}</p>
                  <p className="text-muted-foreground">{byline(n)}</p>
                </div>
                <RemoveButton
                  intent="remove-note"
                  id={n.id}
                  label={`Remove note by ${byline(n)}`}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
