import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import type { InvoiceCreditNote } from "~/domain/invoicing/invoice-credit-notes.server";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** The credit notes that reduce this invoice, each with its PDF, and what they credit in all. */
export function InvoiceCreditNotes({
  notes,
  invoiceTotalCents,
}: {
  notes: InvoiceCreditNote[];
  invoiceTotalCents: number;
}) {
  if (notes.length === 0) return null;
  const credited = notes.reduce((sum, n) => sum + n.totalCents, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit notes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">
          {money(credited)} of {money(invoiceTotalCents)} credited.
        </p>
        <Table aria-label="Credit notes">
          <TableHeader>
            <TableRow>
              <TableHead>Number</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead className="text-right">Credited (VAT incl.)</TableHead>
              <TableHead className="text-right">VAT</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {notes.map((n) => (
              <TableRow key={n.id}>
                <TableCell>
                  <a
                    href={`/admin/credit-notes/${n.id}/pdf`}
                    download
                    className="text-primary hover:underline"
                  >
                    {n.creditNoteNumber} (PDF)
                  </a>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDay(n.issueDate)}</TableCell>
                <TableCell>{n.reason}</TableCell>
                <TableCell className="text-right">{money(n.totalCents)}</TableCell>
                <TableCell className="text-right">{money(n.vatCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
