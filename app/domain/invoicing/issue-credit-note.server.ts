import { asc, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { nextDocumentNumber } from "~/db/document-counter.server";
import { creditNoteLines, creditNotes, invoiceLines, invoices } from "~/db/schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import { recordInvoicePaidBackInLedger } from "~/domain/ledger/record-cash.server";
import { recordCreditNoteInLedger } from "~/domain/ledger/record-sales.server";
import { shopToday } from "~/lib/dates";
import { isDbId } from "~/lib/db-ids";
import { formatMoney } from "~/lib/money";
import { creditNoteLinesFor, type CreditLine } from "./credit-note-lines";
import { creditedSoFar } from "./credited-so-far.server";
import { sellerNow, type InvoiceActor } from "./invoice-changes.server";
import { creditNoteVatCents, invoiceAmounts } from "./invoice-amounts";
import { formatCreditNoteNumber, formatInvoiceNumber } from "./invoice-number";
import { refundQuantityField, type PaidBack } from "./refund-schemas";

const money = (cents: number) => formatMoney(cents, { cents: true });

export type CreditNoteInput = {
  invoiceId: number;
  /** Invoice lines (by position) and how many of each are credited; empty for an amount. */
  lines: readonly { position: number; quantity: number }[];
  /** The amount credited when no lines are chosen, VAT included. */
  amountCents: number | null;
  reason: string;
  actor: InvoiceActor;
  now: Date;
  /** What a refund has already paid back for these lines: the note credits exactly that. */
  paidCents?: number;
  /**
   * For a paid hand-made invoice, whose money goes back by hand: how it went, with its
   * reference (a cash row in the ledger), or "not_yet" (recorded later, recordCreditNotePaidBack).
   */
  paidBack?: PaidBack | "not_yet" | null;
};

/**
 * Issues a credit note against an issued tax invoice, web or hand-made (VAT Act s21), in the
 * caller's transaction: the invoice is locked, the lines or amount are checked against what its
 * earlier notes left (each line's quantity, and the total to the cent, VAT included), and the
 * note takes the next number of its gapless series, the shop's details as they are today and its
 * lines, frozen. The note that credits the rest of an invoice takes the rest of its VAT and
 * discount, so an invoice's notes add up to it exactly.
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput) {
  const { invoice, invoiceNumber, creditLines, totalCents, vatCents, remainingCents } =
    await workOutCreditNote(tx, input);
  const paidBack = typeof input.paidBack === "object" ? input.paidBack : null;
  const number = await nextDocumentNumber(tx, "credit_note");
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number,
      invoiceId: invoice.id,
      issueDate: shopToday(input.now),
      reason: input.reason,
      seller: await sellerNow(tx),
      payBackDue: paidBack !== null || input.paidBack === "not_yet",
      paidBackBy: paidBack?.by ?? null,
      paidBackReference: paidBack?.reference ?? "",
      paidBackAt: paidBack ? input.now : null,
      totalCents,
      vatCents,
      createdBy: input.actor.id,
      createdAt: input.now,
    })
    .returning({ id: creditNotes.id });
  await tx.insert(creditNoteLines).values(
    creditLines.map(({ variantId: _, ...line }, position) => ({
      ...line,
      creditNoteId: note!.id,
      position,
    })),
  );
  await recordCreditNoteInLedger(tx, note!.id);
  if (paidBack) await recordInvoicePaidBackInLedger(tx, note!.id);
  return {
    creditNoteId: note!.id,
    number,
    creditNoteNumber: formatCreditNoteNumber(number),
    invoiceNumber,
    totalCents,
    vatCents,
    fullyCredited: totalCents === remainingCents,
    lines: creditLines,
  };
}

/**
 * What a credit note against an issued invoice would credit now (its lines, total and VAT),
 * checked as issueCreditNote checks it, with the invoice locked: a refund can work out the
 * amount to pay back with it, so that its credit note later credits exactly that.
 */
export async function workOutCreditNote(
  tx: Tx,
  input: Pick<CreditNoteInput, "invoiceId" | "lines" | "amountCents" | "reason" | "paidCents">,
) {
  const [invoice] = isDbId(input.invoiceId)
    ? await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for("update")
    : [];
  if (!invoice) throw notFound("This invoice does not exist.");
  const invoiceNumber = formatInvoiceNumber(invoice.number);
  if (invoice.status === "draft" || invoice.status === "cancelled") {
    throw conflict(
      `${invoiceNumber} is ${invoice.status === "draft" ? "still a draft" : "cancelled"}: it was never issued, so there is nothing to credit.`,
    );
  }
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  const before = await creditedSoFar(invoice.id, tx);
  const remainingCents = invoice.totalCents - before.totalCents;
  if (remainingCents <= 0) throw conflict(`${invoiceNumber} has been credited in full already.`);

  for (const chosen of input.lines) {
    const line = lines.find((l) => l.position === chosen.position);
    const field = refundQuantityField(chosen.position);
    if (!line || line.unitPriceCents <= 0) throw invalid("This line cannot be credited.", field);
    const left = line.quantity - (before.byPosition.get(line.position) ?? 0);
    if (chosen.quantity > left) {
      throw invalid(
        left === 0
          ? "This line has been credited already."
          : `Only ${left} of this line can still be credited.`,
        field,
      );
    }
  }
  const creditLines: CreditLine[] = creditNoteLinesFor({
    invoiceLines: lines,
    chosen: input.lines,
    amountCents: input.amountCents,
    reason: input.reason,
    remainingCents,
    creditedBefore: before,
    paidCents: input.paidCents,
    discountLabel: lines.find((l) => l.unitPriceCents < 0)?.description,
  });
  const totalCents = invoiceAmounts(creditLines).totalCents;
  if (totalCents <= 0) throw invalid("Choose the lines to credit, or enter an amount.", "amount");
  if (totalCents > remainingCents) {
    throw invalid(
      `At most ${money(remainingCents)} of ${invoiceNumber} can still be credited.`,
      "amount",
    );
  }
  const vatCents = creditNoteVatCents({ totalCents, invoice, creditedBefore: before });
  return { invoice, invoiceNumber, creditLines, totalCents, vatCents, remainingCents };
}
