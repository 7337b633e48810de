import { eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { nextDocumentNumber } from "~/db/document-counter.server";
import { invoiceLines, invoices, products, variants } from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { invalid } from "~/domain/errors";
import { formatMoney } from "~/lib/money";
import { shopToday } from "~/lib/dates";
import { invoiceAmounts } from "./invoice-amounts";
import {
  auditInvoice,
  lockInvoiceFor,
  sellerNow,
  type InvoiceActor,
} from "./invoice-changes.server";
import { formatInvoiceNumber } from "./invoice-number";
import {
  invoiceLineField,
  MAX_INVOICE_TOTAL_CENTS,
  type ManualInvoiceInput,
} from "./manual-invoice-schemas";

/** The catalogue's sizes with these SKUs (any case), by upper-case SKU, with their price now. */
async function sizesBySku(tx: Tx, skus: string[]) {
  if (skus.length === 0) return new Map<string, never>();
  const rows = await tx
    .select({
      id: variants.id,
      sku: variants.sku,
      size: variants.size,
      priceCents: variants.priceCents,
      title: products.title,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(sql`upper(${variants.sku})`, skus));
  return new Map(rows.map((r) => [r.sku.toUpperCase(), r]));
}

/**
 * The form's lines as the invoice keeps them: a catalogue line's SKU found (else refused by its
 * field), its description the product's name and size unless one was typed, its unit price as
 * typed or, left empty, the size's selling price now. Free-text lines are kept as typed.
 */
async function resolveLines(tx: Tx, lines: ManualInvoiceInput["lines"]) {
  const found = await sizesBySku(tx, [...new Set(lines.filter((l) => l.sku).map((l) => l.sku))]);
  const rows = lines.map((line, position) => {
    const variant = line.sku ? found.get(line.sku) : undefined;
    if (line.sku && !variant) {
      throw invalid(`No product has the SKU ${line.sku}.`, invoiceLineField(line.row, "sku"));
    }
    const unitPriceCents = line.unitPriceCents ?? variant!.priceCents;
    return {
      position,
      description:
        line.description || (variant ? `${variant.title}, ${SIZE_LABELS[variant.size]}` : ""),
      sku: variant?.sku ?? "",
      variantId: variant?.id ?? null,
      quantity: line.quantity,
      unitPriceCents,
      lineTotalCents: line.quantity * unitPriceCents,
    };
  });
  const amounts = invoiceAmounts(rows);
  if (amounts.totalCents > MAX_INVOICE_TOTAL_CENTS) {
    throw invalid(
      `An invoice can come to at most ${formatMoney(MAX_INVOICE_TOTAL_CENTS, { cents: true })}.`,
      "lines",
    );
  }
  return { rows, amounts };
}

const buyerColumns = (input: ManualInvoiceInput) => ({
  buyerName: input.buyer.name,
  buyerEmail: input.buyer.email,
  buyerPhone: input.buyer.phone,
  buyerAddress: input.buyer.address,
  buyerVatNumber: input.buyer.vatNumber,
  dueDate: input.dueDate,
  notes: input.notes,
});

const summary = (input: ManualInvoiceInput, lines: number, totalCents: number) => ({
  buyer: input.buyer.name,
  lines,
  totalCents,
  dueDate: input.dueDate,
});

/**
 * Creates an invoice for a customer without a web order (a bulk order agreed by phone) as a
 * draft, numbered from the same gapless series as web orders' invoices, in the transaction that
 * inserts it: a create that fails gives its number back. The shop's details are copied on now
 * and again when it is first sent (its date of issue).
 */
export async function createManualInvoice(options: {
  input: ManualInvoiceInput;
  actor: InvoiceActor;
  now?: Date;
}) {
  const { input, actor } = options;
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const { rows, amounts } = await resolveLines(tx, input.lines);
    const seller = await sellerNow(tx);
    const number = await nextDocumentNumber(tx, "invoice");
    const [created] = await tx
      .insert(invoices)
      .values({
        number,
        status: "draft",
        issueDate: shopToday(now),
        seller,
        ...buyerColumns(input),
        totalCents: amounts.totalCents,
        vatCents: amounts.vatCents,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: invoices.id });
    const invoiceId = created!.id;
    await tx.insert(invoiceLines).values(rows.map((row) => ({ ...row, invoiceId })));
    await auditInvoice(tx, {
      action: "invoice_created",
      actor,
      number,
      details: summary(input, rows.length, amounts.totalCents),
    });
    return { id: invoiceId, number, invoiceNumber: formatInvoiceNumber(number) };
  });
}

/** Saves a draft's buyer, due date, notes and lines; any other status is refused (409). */
export async function updateManualInvoiceDraft(options: {
  invoiceId: number;
  input: ManualInvoiceInput;
  actor: InvoiceActor;
}) {
  const { invoiceId, input, actor } = options;
  return db().transaction(async (tx) => {
    const invoice = await lockInvoiceFor(tx, invoiceId, "edit");
    const { rows, amounts } = await resolveLines(tx, input.lines);
    await tx
      .update(invoices)
      .set({
        ...buyerColumns(input),
        totalCents: amounts.totalCents,
        vatCents: amounts.vatCents,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    await tx.insert(invoiceLines).values(rows.map((row) => ({ ...row, invoiceId })));
    await auditInvoice(tx, {
      action: "invoice_updated",
      actor,
      number: invoice.number,
      details: summary(input, rows.length, amounts.totalCents),
    });
    return { id: invoiceId, number: invoice.number, invoiceNumber: invoice.invoiceNumber };
  });
}
