import { StatusBadge } from "~/components/admin/status-badge";
import type { AdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import type { AwaitingRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { AwaitingRefund } from "./awaiting-refund";

const money = (cents: number) => formatMoney(cents, { cents: true });

type Part = AdminLaybyPlan["refunds"][number];

/**
 * A lay-by's refunds, part by part (each online payment paid back through its provider, what
 * was paid at the showroom paid back there by hand), and, for those still open, the same "Ask
 * the provider again" and "Record" forms as an order's refunds.
 */
export function LaybyRefunds({
  parts,
  awaiting,
  pageResult,
}: {
  parts: Part[];
  awaiting: AwaitingRefundPart[];
  pageResult?: FormActionResult;
}) {
  if (parts.length === 0) return <p className="text-muted-foreground">Nothing to refund.</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Lay-by refunds">
        {parts.map((p) => (
          <li key={p.id} className="space-y-2 rounded-md border p-3" data-testid="layby-refund">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{money(p.amountCents)}</span>
              <span>
                {p.method === "hand"
                  ? "by hand at the showroom"
                  : `through ${p.provider ? PROVIDER_NAMES[p.provider] : "the provider"}`}
              </span>
              <StatusBadge status={p.status} />
              {p.reference && <span className="text-muted-foreground">({p.reference})</span>}
            </div>
            {p.failure && <p className="text-destructive">{p.failure}</p>}
          </li>
        ))}
      </ul>
      <AwaitingRefund parts={awaiting} pageResult={pageResult} />
    </div>
  );
}
