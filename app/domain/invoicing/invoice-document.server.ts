import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { invoiceLines, invoices } from "~/db/schema";
import type { BusinessDocument } from "~/domain/documents/business-document";
import { shopParty } from "~/domain/documents/business-document";
import { notFound } from "~/domain/errors";
import { bankDetailsOf, eftInstructions, type BankDetails } from "~/domain/settings/bank-details";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";
import { formatDay, shopToday } from "~/lib/dates";
import { isDbId } from "~/lib/db-ids";
import { formatMoney } from "~/lib/money";
import { FULL_TAX_INVOICE_ABOVE_CENTS } from "./invoice-amounts";
import { formatInvoiceNumber } from "./invoice-number";
import { isVatVendor } from "~/domain/documents/seller";
import { INVOICE_STATUS_LABELS, shownInvoiceStatus } from "./invoice-status";
import { printedLines } from "./printed-lines";

export type Invoice = Awaited<ReturnType<typeof getInvoice>>;

const money = (cents: number) => formatMoney(cents, { cents: true });

/** One invoice with its lines, as it was issued; not found when there is none. */
export async function getInvoice(options: { invoiceId: number }) {
  const { invoiceId } = options;
  if (!isDbId(invoiceId)) throw notFound("This invoice does not exist.");
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound("This invoice does not exist.");
  const lines = await db()
    .select({
      description: invoiceLines.description,
      sku: invoiceLines.sku,
      variantId: invoiceLines.variantId,
      quantity: invoiceLines.quantity,
      unitPriceCents: invoiceLines.unitPriceCents,
      lineTotalCents: invoiceLines.lineTotalCents,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
  return {
    ...invoice,
    invoiceNumber: formatInvoiceNumber(invoice.number),
    shownStatus: shownInvoiceStatus(invoice, shopToday()),
    lines,
  };
}

/** A web order's invoice (its id and number), or null while it has none (unpaid). */
export async function orderInvoice(
  orderId: number,
): Promise<{ id: number; invoiceNumber: string } | null> {
  const [row] = await db()
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row ? { id: row.id, invoiceNumber: formatInvoiceNumber(row.number) } : null;
}

/**
 * The invoice as the buyer gets it, with what section 20 of the VAT Act asks of a tax invoice:
 * the words "Tax Invoice"; the seller's name, address and VAT number; its number and date of
 * issue; each line's description, quantity and value; the total, and the VAT it includes. Above
 * R5,000 it is a full tax invoice and also names the buyer: name, address and VAT number when
 * given (s20(4)); at or below it is abridged (s20(5)). A shop without a VAT number is no VAT
 * vendor: it prints a plain "Invoice" with its total, no VAT and no tax invoice words.
 */
export function invoicePrint(
  invoice: Invoice,
  options: {
    /** A further issue of the same invoice (e-mailed again), marked so (VAT Act s20(2)). */
    copy?: boolean;
    /** The shop's bank account (a setting): a hand-made invoice still to be paid prints it. */
    bank?: BankDetails | null;
  } = {},
): BusinessDocument {
  const amounts = {
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    netCents: invoice.totalCents - invoice.vatCents,
    full: invoice.totalCents > FULL_TAX_INVOICE_ABOVE_CENTS,
  };
  const seller = invoice.seller;
  const shop = { ...seller };
  const taxInvoice = isVatVendor(seller);
  const buyer = {
    heading: "Bill to",
    lines: [
      invoice.buyerName,
      ...invoice.buyerAddress.split("\n").filter(Boolean),
      ...(invoice.buyerVatNumber ? [`VAT number ${invoice.buyerVatNumber}`] : []),
      ...(invoice.buyerEmail ? [invoice.buyerEmail] : []),
    ],
  };
  const kind =
    invoice.status === "cancelled"
      ? "Cancelled: this invoice is void"
      : invoice.status === "draft"
        ? "Draft: not issued yet"
        : amounts.full || !taxInvoice
          ? undefined
          : "Abridged tax invoice";
  const subtitle = options.copy ? ["Copy", kind].filter(Boolean).join(" · ") : kind;
  return {
    title: taxInvoice ? "Tax Invoice" : "Invoice",
    number: invoice.invoiceNumber,
    subtitle,
    shop,
    parties: amounts.full ? [shopParty(shop), buyer] : [shopParty(shop)],
    facts: [
      { label: "Invoice number", value: invoice.invoiceNumber },
      { label: "Date of issue", value: formatDay(invoice.issueDate) },
      ...(invoice.orderNumber ? [{ label: "Order", value: `#${invoice.orderNumber}` }] : []),
      ...(invoice.dueDate && (invoice.status === "draft" || invoice.status === "sent")
        ? [{ label: "Due date", value: formatDay(invoice.dueDate) }]
        : []),
      { label: "Status", value: INVOICE_STATUS_LABELS[invoice.shownStatus] },
      ...(invoice.paymentReference
        ? [{ label: "Payment reference", value: invoice.paymentReference }]
        : []),
    ],
    ...printedLines(invoice.lines),
    totals: taxInvoice
      ? [
          { label: "Total excluding VAT", value: money(amounts.netCents) },
          { label: `VAT (${VAT_RATE_PERCENT}%)`, value: money(amounts.vatCents) },
          { label: "Total (VAT included)", value: money(amounts.totalCents), bold: true },
        ]
      : [{ label: "Total", value: money(amounts.totalCents), bold: true }],
    notes:
      [
        invoice.notes,
        options.bank && invoice.orderId === null && ["draft", "sent"].includes(invoice.status)
          ? eftInstructions(options.bank, invoice.invoiceNumber)
          : "",
      ]
        .filter(Boolean)
        .join("\n\n") || undefined,
    footnote: taxInvoice
      ? `All amounts are in South African rand. Prices include VAT at ${VAT_RATE_PERCENT}%: the VAT shown is included in the total, not added to it. Please quote ${invoice.invoiceNumber} with any payment or query.`
      : `All amounts are in South African rand. ${seller.legalName || seller.storeName} is not registered for VAT: no VAT is charged. Please quote ${invoice.invoiceNumber} with any payment or query.`,
  };
}

export type RenderedInvoice = { filename: string; pdf: Buffer };

/** An invoice as a PDF file named after its number (INV-000001.pdf). */
export async function renderInvoicePdf(options: { invoiceId: number }): Promise<RenderedInvoice> {
  return invoicePdf(await getInvoice(options));
}

/** An invoice already read (or about to be issued as it stands) as its PDF file. */
export async function invoicePdf(
  invoice: Invoice,
  options: Parameters<typeof invoicePrint>[1] = {},
): Promise<RenderedInvoice> {
  // Loaded with the first PDF a process makes (see renderPurchaseOrderPdf).
  const { layOutDocument } = await import("~/domain/documents/document-pdf-layout.server");
  const bank = invoice.orderId === null ? bankDetailsOf(await getStoreSettings()) : null;
  return {
    filename: `${invoice.invoiceNumber}.pdf`,
    pdf: await layOutDocument(invoicePrint(invoice, { bank, ...options })),
  };
}
