import { and, asc, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { creditNoteLines, creditNotes, invoices, refunds } from "~/db/schema";
import type { BusinessDocument } from "~/domain/documents/business-document";
import { shopParty } from "~/domain/documents/business-document";
import { notFound } from "~/domain/errors";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";
import { formatDay } from "~/lib/dates";
import { isDbId } from "~/lib/db-ids";
import { formatMoney } from "~/lib/money";
import { FULL_TAX_INVOICE_ABOVE_CENTS } from "./invoice-amounts";
import { formatCreditNoteNumber, formatInvoiceNumber } from "./invoice-number";
import { invoiceWord, isVatVendor } from "~/domain/documents/seller";
import { printedLines } from "./printed-lines";

const money = (cents: number) => formatMoney(cents, { cents: true });

export type CreditNote = Awaited<ReturnType<typeof getCreditNote>>;

/** One credit note with its lines and the invoice it reduces; not found when there is none. */
export async function getCreditNote(options: { creditNoteId: number }) {
  const { creditNoteId } = options;
  if (!isDbId(creditNoteId)) throw notFound("This credit note does not exist.");
  const [row] = await db()
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.id, creditNoteId));
  if (!row) throw notFound("This credit note does not exist.");
  const lines = await db()
    .select()
    .from(creditNoteLines)
    .where(eq(creditNoteLines.creditNoteId, creditNoteId))
    .orderBy(asc(creditNoteLines.position));
  return {
    ...row.note,
    creditNoteNumber: formatCreditNoteNumber(row.note.number),
    invoice: { ...row.invoice, invoiceNumber: formatInvoiceNumber(row.invoice.number) },
    lines,
  };
}

/**
 * The credit note as the buyer gets it, with what section 21(3) of the VAT Act asks: the words
 * "Credit Note"; the seller's name, address and VAT number; the buyer's name, address and VAT
 * number when the invoice was a full tax invoice; its number and date; the tax invoice it
 * reduces and that invoice's value; the amount credited and the VAT in it; and why.
 */
export function creditNotePrint(note: CreditNote): BusinessDocument {
  const { invoice } = note;
  // The seller as on the note's own date (s21(3)); older notes kept the invoice's.
  const shop = note.seller ?? invoice.seller;
  // VAT is credited as the invoice charged it: none when the shop was no VAT vendor then.
  const taxed = isVatVendor(invoice.seller);
  const reduces = `${invoiceWord(invoice.seller).toLowerCase()} ${invoice.invoiceNumber}`;
  const full = invoice.totalCents > FULL_TAX_INVOICE_ABOVE_CENTS;
  const buyer = {
    heading: "Credited to",
    lines: [
      invoice.buyerName,
      ...invoice.buyerAddress.split("\n").filter(Boolean),
      ...(invoice.buyerVatNumber ? [`VAT number ${invoice.buyerVatNumber}`] : []),
    ],
  };
  return {
    title: "Credit Note",
    number: note.creditNoteNumber,
    subtitle: `Reduces ${reduces}`,
    shop,
    parties: full ? [shopParty(shop), buyer] : [shopParty(shop)],
    facts: [
      { label: "Credit note number", value: note.creditNoteNumber },
      { label: "Date of issue", value: formatDay(note.issueDate) },
      { label: invoiceWord(invoice.seller), value: invoice.invoiceNumber },
      { label: "Invoice date", value: formatDay(invoice.issueDate) },
      { label: "Invoice value", value: money(invoice.totalCents) },
      ...(invoice.orderNumber ? [{ label: "Order", value: `#${invoice.orderNumber}` }] : []),
    ],
    ...printedLines(note.lines),
    totals: taxed
      ? [
          { label: "Credit excluding VAT", value: money(note.totalCents - note.vatCents) },
          { label: `VAT credited (${VAT_RATE_PERCENT}%)`, value: money(note.vatCents) },
          { label: "Total credited (VAT included)", value: money(note.totalCents), bold: true },
        ]
      : [{ label: "Total credited", value: money(note.totalCents), bold: true }],
    notes: `Reason: ${note.reason}`,
    footnote: taxed
      ? `All amounts are in South African rand and include VAT at ${VAT_RATE_PERCENT}%. This credit note reduces ${reduces} by the total credited.`
      : `All amounts are in South African rand; no VAT was charged. This credit note reduces ${reduces} by the total credited.`,
  };
}

/** A credit note as a PDF file named after its number (CN-000001.pdf). */
export async function renderCreditNotePdf(options: { creditNoteId: number }) {
  const note = await getCreditNote(options);
  const { layOutDocument } = await import("~/domain/documents/document-pdf-layout.server");
  return {
    filename: `${note.creditNoteNumber}.pdf`,
    pdf: await layOutDocument(creditNotePrint(note)),
  };
}

/**
 * An order's refunds, newest first, with their credit notes, for its page in the back office:
 * those of its invoice and payments owed back (a lay-by's are on its card).
 */
export async function listOrderRefunds(orderId: number) {
  const rows = await db()
    .select({
      id: refunds.id,
      kind: refunds.kind,
      amountCents: refunds.amountCents,
      method: refunds.method,
      provider: refunds.provider,
      reason: refunds.reason,
      reference: refunds.reference,
      failure: refunds.failure,
      status: refunds.status,
      restocked: refunds.restocked,
      createdAt: refunds.createdAt,
      creditNoteId: creditNotes.id,
      creditNoteNumber: creditNotes.number,
    })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .where(and(eq(refunds.orderId, orderId), ne(refunds.kind, "layby")))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map((r) => ({
    ...r,
    creditNoteNumber:
      r.creditNoteNumber === null ? null : formatCreditNoteNumber(r.creditNoteNumber),
  }));
}
