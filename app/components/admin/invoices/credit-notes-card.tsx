import { Banknote, Download } from "lucide-react";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  PAID_BACK_WORDS,
  paidBackFormSchema,
  type PaidBackBy,
} from "~/domain/invoicing/refund-schemas";
import { formatDateTime, formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { useResultToasts } from "./invoice-actions";
import { PaidBackFields } from "./paid-back-fields";

type CreditNoteRow = {
  id: number;
  creditNoteNumber: string;
  issueDate: string;
  reason: string;
  totalCents: number;
  /** Money is to go back by hand: the invoice was paid when it was credited. */
  payBackDue: boolean;
  paidBackBy: PaidBackBy | null;
  paidBackReference: string;
  paidBackAt: Date | string | null;
};

/**
 * The credit notes that reduce an invoice, each with its PDF and, for a paid hand-made
 * invoice, how its money went back, or "Not paid back yet" with a way to record it; nothing
 * when it has none.
 */
export function CreditNotesCard({
  invoiceId,
  creditNotes,
}: {
  invoiceId: number;
  creditNotes: CreditNoteRow[];
}) {
  if (creditNotes.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit notes</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm">
          {creditNotes.map((note) => (
            <CreditNoteItem key={note.id} invoiceId={invoiceId} note={note} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CreditNoteItem({ invoiceId, note }: { invoiceId: number; note: CreditNoteRow }) {
  const key = `invoice-${invoiceId}-paid-back-${note.id}`;
  // The dialog's button goes once the money is recorded; its notice stays with the note.
  useResultToasts(key);
  const amount = formatMoney(note.totalCents, { cents: true });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <a
        href={`/admin/credit-notes/${note.id}/pdf`}
        download
        className="inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline"
      >
        <Download className="size-4" aria-hidden /> {note.creditNoteNumber}
      </a>
      <span>{formatDay(note.issueDate)}</span>
      <span className="font-medium">{amount}</span>
      <span className="text-muted-foreground">{note.reason}</span>
      {note.paidBackBy ? (
        <span className="text-muted-foreground">
          Paid back {PAID_BACK_WORDS[note.paidBackBy]} ({note.paidBackReference})
          {note.paidBackAt ? `, ${formatDateTime(note.paidBackAt)}` : ""}
        </span>
      ) : (
        note.payBackDue && (
          <>
            <span className="font-medium text-destructive">Not paid back yet</span>
            <FormDialog
              trigger={
                <Button variant="outline" size="sm">
                  <Banknote className="size-4" aria-hidden /> Record Paid Back
                </Button>
              }
              title={`${note.creditNoteNumber} paid back`}
              description={`How the ${amount} went back to the buyer, with the reference the bank, the cash book or the card machine shows.`}
              action={`/admin/invoices/${invoiceId}`}
              intent="paid_back"
              fetcherKey={key}
              toasts={false}
              schema={paidBackFormSchema}
              submitLabel="Record Paid Back"
              submittingLabel="Recording..."
            >
              {(form) => (
                <>
                  <input type="hidden" name="creditNoteId" value={note.id} />
                  <PaidBackFields form={form} legend="How the money went back" />
                </>
              )}
            </FormDialog>
          </>
        )
      )}
    </li>
  );
}
