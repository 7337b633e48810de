import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { PROVIDER_NAMES, type PaymentProviderName } from "~/domain/payments/provider";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

type Refund = {
  id: number;
  amountCents: number;
  method: "provider" | "eft";
  provider: string | null;
  reason: string;
  reference: string;
  failure: string;
  status: "pending" | "awaiting_provider" | "completed" | "failed";
  restocked: boolean;
  createdAt: Date | string;
  creditNoteId: number | null;
  creditNoteNumber: string | null;
};

/** The order's refunds, newest first: each with its credit note, or why it was refused. */
export function RefundsCard({ refunds }: { refunds: Refund[] }) {
  if (refunds.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds and credit notes</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3 text-sm" aria-label="Refunds">
          {refunds.map((r) => (
            <li key={r.id} className="space-y-0.5">
              <p>
                <span className="font-medium">{formatMoney(r.amountCents, { cents: true })}</span>{" "}
                {r.method === "eft"
                  ? `by EFT (${r.reference})`
                  : `through ${PROVIDER_NAMES[r.provider as PaymentProviderName] ?? r.provider}`}{" "}
                · {formatDateTime(r.createdAt)}
                {r.restocked ? " · goods back in stock" : ""}
              </p>
              <p className="text-muted-foreground">{r.reason}</p>
              {r.status === "completed" && r.creditNoteId && (
                <a
                  href={`/admin/credit-notes/${r.creditNoteId}/pdf`}
                  download
                  className="text-primary hover:underline"
                >
                  Download credit note {r.creditNoteNumber} (PDF)
                </a>
              )}
              {r.status === "failed" && <p className="text-destructive">Refused: {r.failure}</p>}
              {r.status === "pending" && (
                <p className="text-muted-foreground">Waiting for the provider's answer.</p>
              )}
              {r.status === "awaiting_provider" && (
                <p className="text-muted-foreground">
                  Awaiting: {r.failure} Its amount stays held; the credit note follows once it is
                  paid.
                </p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
