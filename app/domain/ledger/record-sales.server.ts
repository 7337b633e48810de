import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import {
  chargeEntries,
  chargeLines,
  creditNoteEntries,
  creditNoteLines,
  invoiceEntries,
  invoiceLines,
} from "./sales-statements";

/*
 * The sales ledger's writes, one call at each place a tax document is issued or a charge kept,
 * in that event's transaction (docs/decisions/029). Each reads the document it records; a
 * second call for the same document records nothing.
 */

async function record(tx: Tx, entries: SQL, lines: (filter: SQL) => SQL) {
  const [entry] = rowsOf<{ id: number }>(await tx.execute(entries));
  if (entry) await tx.execute(lines(sql`e.id = ${Number(entry.id)}`));
}

/** A tax invoice issued: a web order's when paid, a hand-made one's on its first send. */
export async function recordInvoiceInLedger(tx: Tx, invoiceId: number) {
  await record(tx, invoiceEntries(sql`i.id = ${invoiceId}`), invoiceLines);
}

export async function recordCreditNoteInLedger(tx: Tx, creditNoteId: number) {
  await record(tx, creditNoteEntries(sql`c.id = ${creditNoteId}`), creditNoteLines);
}

/** The cancellation charge a cancelled lay-by plan keeps; nothing when it keeps none. */
export async function recordChargeKept(tx: Tx, options: { planId: number }) {
  await record(tx, chargeEntries(sql`p.id = ${options.planId}`), chargeLines);
}
