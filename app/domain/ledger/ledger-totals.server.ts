import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";

/*
 * The figures every screen reads from the sales ledger (docs/decisions/029), so Dashboard,
 * Orders, Reports, the VAT summary and the CSVs agree to the cent for any period: net sales are
 * tax invoices issued, less credit notes, plus lay-by charges kept, VAT included.
 */

/** From `start` (inclusive) to `end` (exclusive). */
export type Window = { start: Date; end: Date };

/** Since the shop opened: for the all-time figures of Dashboard and Orders. */
export const ALL_TIME_START = new Date("2000-01-01T00:00:00Z");

export type SalesTotals = {
  /** Net sales, VAT included, and the VAT in them. */
  netCents: number;
  vatCents: number;
  invoicedCents: number;
  invoices: number;
  /** Credit notes' total (a positive amount) and how many. */
  creditedCents: number;
  creditNotes: number;
  chargesKeptCents: number;
};

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
export const occurredIn = (w: Window, alias = "e"): SQL =>
  sql`${sql.raw(alias)}.occurred_at >= ${at(w.start)} and ${sql.raw(alias)}.occurred_at < ${at(w.end)}`;
export const SALES = sql.raw(`('invoice', 'credit_note', 'charge_kept')`);

/** Each window's sales totals, in one pass over the ledger's period index. */
export async function salesTotals(windows: Window[]): Promise<SalesTotals[]> {
  const start = new Date(Math.min(...windows.map((w) => w.start.getTime())));
  const end = new Date(Math.max(...windows.map((w) => w.end.getTime())));
  const columns = windows.map((w, i) => {
    const inW = occurredIn(w);
    const sum = (amount: string, kind?: string) =>
      sql`coalesce(sum(${sql.raw(amount)}) filter (where ${inW}${kind ? sql.raw(` and e.kind = '${kind}'`) : sql``}), 0)::bigint`;
    const count = (kind: string) =>
      sql`(count(*) filter (where ${inW}${sql.raw(` and e.kind = '${kind}'`)}))::int`;
    const as = (name: string) => sql.raw(`${name}${i}`);
    return sql`${sum("e.amount_cents")} as ${as("net")}, ${sum("e.vat_cents")} as ${as("vat")},
      ${sum("e.amount_cents", "invoice")} as ${as("invoiced")}, ${count("invoice")} as ${as("invoices")},
      ${sum("-e.amount_cents", "credit_note")} as ${as("credited")}, ${count("credit_note")} as ${as("notes")},
      ${sum("e.amount_cents", "charge_kept")} as ${as("charges")}`;
  });
  const [row] = rowsOf<Record<string, unknown>>(
    await db().execute(
      sql`select ${sql.join(columns, sql`, `)} from sales_ledger e
          where e.kind in ${SALES} and ${occurredIn({ start, end })}`,
    ),
  );
  return windows.map((_, i) => ({
    netCents: Number(row![`net${i}`]),
    vatCents: Number(row![`vat${i}`]),
    invoicedCents: Number(row![`invoiced${i}`]),
    invoices: Number(row![`invoices${i}`]),
    creditedCents: Number(row![`credited${i}`]),
    creditNotes: Number(row![`notes${i}`]),
    chargesKeptCents: Number(row![`charges${i}`]),
  }));
}

export type CashTotals = {
  /** Money that came in (online, at the showroom, for hand-made invoices). */
  receivedCents: number;
  /** Money paid back (a positive amount): refunds, cancelled lay-bys and the interest on them. */
  paidBackCents: number;
  /**
   * Paid into lay-by plans not yet paid in full, less charges kept and what went back: the
   * buyers' money (s62). Interest the shop paid on it is the shop's money, not theirs.
   */
  heldOnLaybyCents: number;
};

/** Money taken and paid back in the window, and what lay-by buyers have with the shop now. */
export async function cashTotals(w: Window): Promise<CashTotals> {
  const [[moved], [held]] = await Promise.all([
    db()
      .execute(
        sql`select coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0)::bigint as received,
                   coalesce(-sum(e.amount_cents) filter (where e.amount_cents < 0), 0)::bigint as paid_back
            from sales_ledger e where e.kind not in ${SALES} and ${occurredIn(w)}`,
      )
      .then(rowsOf<Record<string, unknown>>),
    db()
      .execute(
        sql`select coalesce(sum(e.amount_cents * case when e.kind = 'charge_kept' then -1 else 1 end)
                              filter (where e.kind not in ('invoice', 'credit_note', 'interest_paid')), 0)::bigint as held
            from sales_ledger e join layby_plans p on p.id = e.plan_id
            where p.status <> 'completed'`,
      )
      .then(rowsOf<Record<string, unknown>>),
  ]);
  return {
    receivedCents: Number(moved!.received),
    paidBackCents: Number(moved!.paid_back),
    heldOnLaybyCents: Number(held!.held),
  };
}
