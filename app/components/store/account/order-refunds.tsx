import { Card } from "~/components/ui/card";
import type { ShopperRefund } from "~/domain/invoicing/shopper-refunds.server";
import { formatMoney } from "~/lib/money";

/** A refund on the shopper's page, with where its credit note downloads (by link or account). */
export type OrderRefund = ShopperRefund & { creditNoteHref: string | null };

const STATE_LABELS: Record<ShopperRefund["state"], string> = {
  paid_back: "Paid back",
  awaiting: "Awaiting the payment provider",
  refused: "Refused by the payment provider",
};

/** The order's refunds, newest first: amount, day, how, state and the credit note's PDF. */
export function OrderRefunds({ refunds }: { refunds: OrderRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <Card className="p-5 text-sm">
      <h2 id="order-refunds-heading" className="text-lg font-semibold">
        Refunds and credit notes
      </h2>
      <ul className="mt-2 space-y-3" data-testid="order-refunds">
        {refunds.map((r) => (
          <li key={r.id}>
            <p>
              <span className="font-medium tabular-nums">
                {formatMoney(r.amountCents, { cents: true })}
              </span>{" "}
              {r.how},{" "}
              {new Date(r.createdAt).toLocaleDateString("en-ZA", {
                timeZone: "Africa/Johannesburg",
              })}
            </p>
            <p className="text-muted-foreground">{STATE_LABELS[r.state]}</p>
            {r.creditNote && r.creditNoteHref ? (
              <a href={r.creditNoteHref} download className="font-medium text-primary underline">
                Download credit note {r.creditNote.number} (PDF)
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
