import { clsx } from "clsx";
import type { ReactNode } from "react";
import { instalmentLabel } from "~/domain/layby/schedule";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * A lay-by's payments as the shopper reads them, at checkout (before agreeing) and on the order
 * pages: each payment's name, due day and amount, on the order pages what was paid of it and
 * what is left, and where given its state and the total.
 */
export function LaybyScheduleTable<
  Payment extends {
    number: number;
    dueDay: string;
    amountCents: number;
    paidCents?: number;
    leftCents?: number;
  },
>({
  payments,
  caption,
  showCaption = false,
  depositLabel = instalmentLabel(0),
  state,
  showPaid = false,
  totalCents,
  className,
}: {
  payments: Payment[];
  caption: string;
  showCaption?: boolean;
  depositLabel?: string;
  /** A last column: each payment's state (paid, due, overdue). */
  state?: { header: string; cell: (payment: Payment) => ReactNode };
  /** Two more columns: what was paid of each payment and what is left on it (part payments). */
  showPaid?: boolean;
  totalCents?: number;
  className?: string;
}) {
  return (
    <table className={clsx("w-full text-sm", className)}>
      <caption className={showCaption ? "mb-2 text-left font-medium" : "sr-only"}>
        {caption}
      </caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-1.5 font-medium">
            Payment
          </th>
          <th scope="col" className="py-1.5 font-medium">
            Due
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Amount
          </th>
          {showPaid ? (
            <>
              <th scope="col" className="py-1.5 pl-3 text-right font-medium">
                Paid
              </th>
              <th scope="col" className="py-1.5 pl-3 text-right font-medium">
                Left
              </th>
            </>
          ) : null}
          {state ? (
            <th scope="col" className="py-1.5 pl-3 font-medium">
              {state.header}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.number} className="border-b last:border-0">
            <th scope="row" className="py-1.5 text-left font-normal">
              {p.number === 0 ? depositLabel : instalmentLabel(p.number)}
            </th>
            <td className="py-1.5">{formatDay(p.dueDay)}</td>
            <td className="py-1.5 text-right tabular-nums">{money(p.amountCents)}</td>
            {showPaid ? (
              <>
                <td className="py-1.5 pl-3 text-right tabular-nums">{money(p.paidCents ?? 0)}</td>
                <td className="py-1.5 pl-3 text-right tabular-nums" data-testid="layby-left">
                  {money(p.leftCents ?? p.amountCents)}
                </td>
              </>
            ) : null}
            {state ? <td className="py-1.5 pl-3">{state.cell(p)}</td> : null}
          </tr>
        ))}
      </tbody>
      {totalCents !== undefined ? (
        <tfoot>
          <tr className="border-t font-semibold">
            <th scope="row" colSpan={2} className="py-1.5 text-left">
              Total
            </th>
            <td className="py-1.5 text-right tabular-nums">{money(totalCents)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
