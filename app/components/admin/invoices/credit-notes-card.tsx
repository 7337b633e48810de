import { Download } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

type CreditNoteRow = {
  id: number;
  creditNoteNumber: string;
  issueDate: string;
  reason: string;
  totalCents: number;
  paidBackBy: "eft" | "cash" | null;
  paidBackReference: string;
};

/** The credit notes that reduce an invoice, each with its PDF; nothing when it has none. */
export function CreditNotesCard({ creditNotes }: { creditNotes: CreditNoteRow[] }) {
  if (creditNotes.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit notes</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm">
          {creditNotes.map((note) => (
            <li key={note.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <a
                href={`/admin/credit-notes/${note.id}/pdf`}
                download
                className="inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline"
              >
                <Download className="size-4" aria-hidden /> {note.creditNoteNumber}
              </a>
              <span>{formatDay(note.issueDate)}</span>
              <span className="font-medium">{formatMoney(note.totalCents, { cents: true })}</span>
              <span className="text-muted-foreground">{note.reason}</span>
              {note.paidBackBy && (
                <span className="text-muted-foreground">
                  Paid back {note.paidBackBy === "eft" ? "by EFT" : "in cash"} (
                  {note.paidBackReference})
                </span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
