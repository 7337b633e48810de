import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  invoiceLines,
  invoices,
  orderAllocations,
  orderEvents,
  orderLines,
  orders,
  payments,
  refunds,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError, conflict, invalid, notFound } from "~/domain/errors";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";
import { providerByName } from "~/domain/payments/providers.server";
import { PROVIDER_NAMES, RefundRefused } from "~/domain/payments/provider";
import { formatMoney } from "~/lib/money";
import { invoiceAmounts } from "./invoice-amounts";
import { formatCreditNoteNumber, formatInvoiceNumber } from "./invoice-number";
import { creditNoteLinesFor, type InvoiceLineForCredit } from "./credit-note-lines";
import { issueCreditNote } from "./issue-credit-note.server";
import { refundedSoFar } from "./refunded-so-far.server";
import { refundQuantityField, type RefundInput } from "./refund-schemas";

type Actor = Pick<SessionUser, "id" | "email">;
const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Pays back part or all of a paid order (VAT Act s21) and issues its credit note:
 * 1. with the order locked, the amount is worked out (chosen invoice lines, with their share of
 *    the order's discount, or an amount) and checked against what is still refundable, counting
 *    refunds being made at this moment, and saved as a pending refund: a second refund of the
 *    same order waits for the lock and then sees it, so the two never pay back more than was paid;
 * 2. the provider that took the payment is asked to pay it back (unless the shop paid it by EFT);
 *    a refusal marks the refund failed, with no credit note, and says why;
 * 3. the refund is completed with its credit note (CN-000001, its own gapless series), returned
 *    goods go back into stock as ledger movements when asked, and a fully refunded order is
 *    marked refunded.
 */
export async function refundOrder(options: {
  orderId: number;
  input: RefundInput;
  actor: Actor;
  now?: Date;
}): Promise<{
  refundId: number;
  creditNoteId: number;
  creditNoteNumber: string;
  amountCents: number;
}> {
  const { orderId, input, actor } = options;
  const now = options.now ?? new Date();
  const pending = await db().transaction((tx) => reserveRefund(tx, { orderId, input, actor }));

  let providerRefundId = input.eftReference;
  if (input.method === "provider") {
    try {
      const provider = providerByName(pending.payment!.provider)!;
      ({ providerRefundId } = await provider.refund({
        payment: pending.payment!,
        amountCents: pending.amountCents,
        reason: input.reason,
        reference: `R-${pending.refundId}`,
      }));
    } catch (error) {
      const why =
        error instanceof RefundRefused
          ? error.message
          : `${capitalised(pending.providerLabel)} could not be asked: ${(error as Error).message}`;
      await failRefund({ refundId: pending.refundId, orderId, why, actor });
      throw new DomainError("conflict", `${why} Nothing was refunded and no credit note issued.`, {
        title: "Refund Refused",
      });
    }
  }

  return db().transaction((tx) =>
    completeRefund(tx, { ...pending, orderId, input, actor, providerRefundId, now }),
  );
}

type Pending = {
  refundId: number;
  amountCents: number;
  invoice: { id: number; number: number; totalCents: number };
  creditLines: ReturnType<typeof creditNoteLinesFor>;
  payment: {
    reference: string;
    providerReference: string | null;
    amountCents: number;
    provider: "demo" | "payfast" | "payflex";
  } | null;
  providerLabel: string;
  orderNumber: number;
};

async function reserveRefund(
  tx: Tx,
  options: { orderId: number; input: RefundInput; actor: Actor },
): Promise<Pending> {
  const { orderId, input, actor } = options;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("This order does not exist.");
  if (order.paymentStatus !== "paid") {
    throw conflict(
      order.paymentStatus === "refunded"
        ? `Order #${order.number} has been refunded in full already.`
        : `Order #${order.number} has not been paid: there is nothing to refund.`,
    );
  }
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw conflict(`Order #${order.number} has no tax invoice to credit.`);
  const lines: InvoiceLineForCredit[] = await tx
    .select({
      position: invoiceLines.position,
      description: invoiceLines.description,
      sku: invoiceLines.sku,
      variantId: invoiceLines.variantId,
      quantity: invoiceLines.quantity,
      unitPriceCents: invoiceLines.unitPriceCents,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));

  const { refundedCents, credited } = await refundedSoFar(orderId, tx);
  const remainingCents = invoice.totalCents - refundedCents;

  for (const chosen of input.lines) {
    const line = lines.find((l) => l.position === chosen.position);
    const field = refundQuantityField(chosen.position);
    if (!line || line.unitPriceCents <= 0) throw invalid("This line cannot be refunded.", field);
    const left = line.quantity - (credited.get(line.position) ?? 0);
    if (chosen.quantity > left) {
      throw invalid(
        left === 0
          ? "This line has been refunded already."
          : `Only ${left} of this line can still be refunded.`,
        field,
      );
    }
  }
  const creditLines = creditNoteLinesFor({
    invoiceLines: lines,
    chosen: input.lines,
    amountCents: input.amountCents,
    reason: input.reason,
    remainingCents,
    discountLabel: lines.find((l) => l.unitPriceCents < 0)?.description,
  });
  const amountCents = invoiceAmounts(creditLines).totalCents;
  if (remainingCents <= 0) {
    throw conflict(`Order #${order.number} has been refunded in full already.`);
  }
  if (amountCents > remainingCents) {
    throw invalid(`At most ${money(remainingCents)} can still be refunded.`, "amount");
  }
  if (amountCents <= 0) throw invalid("Choose the lines to refund, or enter an amount.", "amount");

  let payment: Pending["payment"] = null;
  let providerLabel = "the shop";
  if (input.method === "provider") {
    const [paid] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "approved")))
      .orderBy(asc(payments.id));
    const provider = paid ? providerByName(paid.provider) : null;
    providerLabel = PROVIDER_NAMES[paid?.provider ?? "demo"];
    if (!paid || !provider) {
      throw invalid(
        `${paid ? capitalised(providerLabel) : "The payment provider"} is not set up now: pay the money back by EFT and give its reference.`,
        "method",
      );
    }
    payment = {
      reference: paid.reference,
      providerReference: paid.providerReference,
      amountCents: paid.amountCents,
      provider: paid.provider,
    };
  }

  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId,
      invoiceId: invoice.id,
      method: input.method,
      provider: payment?.provider ?? null,
      amountCents,
      lines: input.lines,
      reason: input.reason,
      reference: input.method === "eft" ? input.eftReference : "",
      restocked: input.restock && input.lines.length > 0,
      createdBy: actor.id,
    })
    .returning({ id: refunds.id });
  return {
    refundId: refund!.id,
    amountCents,
    invoice: { id: invoice.id, number: invoice.number, totalCents: invoice.totalCents },
    creditLines,
    payment,
    providerLabel,
    orderNumber: order.number,
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function failRefund(options: {
  refundId: number;
  orderId: number;
  why: string;
  actor: Actor;
}) {
  await db().transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ status: "failed", failure: options.why, updatedAt: new Date() })
      .where(eq(refunds.id, options.refundId));
    await tx.insert(orderEvents).values({
      orderId: options.orderId,
      type: "refund_refused",
      message: `Refund refused: ${options.why}`,
      actor: options.actor.email,
    });
  });
}

async function completeRefund(
  tx: Tx,
  options: Pending & {
    orderId: number;
    input: RefundInput;
    actor: Actor;
    providerRefundId: string;
    now: Date;
  },
) {
  const { orderId, input, actor, amountCents, invoice } = options;
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
  // The credit note credits exactly what was paid back, its VAT and discount share checked
  // against the invoice's earlier notes.
  const note = await issueCreditNote(tx, {
    invoiceId: invoice.id,
    lines: input.lines,
    amountCents: input.lines.length > 0 ? null : amountCents,
    reason: input.reason,
    actor,
    now: options.now,
    paidCents: amountCents,
  });
  const { number, lines: creditLines } = note;
  await tx
    .update(refunds)
    .set({
      status: "completed",
      creditNoteId: note.creditNoteId,
      reference: options.providerRefundId,
      updatedAt: options.now,
    })
    .where(eq(refunds.id, options.refundId));

  if (input.restock && input.lines.length > 0) {
    await restockReturnedGoods(tx, {
      orderId,
      creditLines,
      actor,
      orderNumber: options.orderNumber,
    });
  }
  const [totals] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "completed")));
  const full = (totals?.refunded ?? 0) >= invoice.totalCents;
  if (full) {
    await tx
      .update(orders)
      .set({ paymentStatus: "refunded", updatedAt: options.now })
      .where(eq(orders.id, orderId));
  }
  const creditNoteNumber = formatCreditNoteNumber(number);
  const how =
    input.method === "eft"
      ? `paid back by EFT (reference ${input.eftReference})`
      : `paid back through ${options.providerLabel}`;
  await tx.insert(orderEvents).values({
    orderId,
    type: "refunded",
    message: `${money(amountCents)} ${how}; credit note ${creditNoteNumber} against ${formatInvoiceNumber(invoice.number)}: ${input.reason}`,
    actor: actor.email,
  });
  await recordAudit(
    {
      action: "order_refunded",
      actorId: actor.id,
      actorEmail: actor.email,
      subject: `order:${options.orderNumber}`,
      details: {
        amountCents,
        creditNote: creditNoteNumber,
        method: input.method,
        restocked: input.restock && input.lines.length > 0,
        ...(full ? { payment: { from: "paid", to: "refunded" } } : {}),
      },
    },
    tx,
  );
  return {
    refundId: options.refundId,
    creditNoteId: note.creditNoteId,
    creditNoteNumber,
    amountCents,
  };
}

/**
 * Returned goods go back on hand as "return" movements, into the warehouses the order drew them
 * from (as far as it drew from each), so the ledger shows where they are.
 */
async function restockReturnedGoods(
  tx: Tx,
  options: {
    orderId: number;
    orderNumber: number;
    actor: Actor;
    creditLines: { variantId: number | null; quantity: number; unitPriceCents: number }[];
  },
) {
  const drawn = await tx
    .select({
      variantId: orderAllocations.variantId,
      warehouseId: orderAllocations.warehouseId,
      quantity: orderAllocations.quantity,
    })
    .from(orderAllocations)
    .innerJoin(orderLines, eq(orderLines.id, orderAllocations.orderLineId))
    .where(eq(orderLines.orderId, options.orderId))
    .orderBy(asc(orderAllocations.id));
  const movements = [];
  for (const line of options.creditLines) {
    if (line.variantId === null || line.unitPriceCents <= 0) continue;
    let left = line.quantity;
    for (const from of drawn.filter((d) => d.variantId === line.variantId)) {
      if (left === 0) break;
      const quantity = Math.min(left, from.quantity);
      left -= quantity;
      movements.push({
        variantId: line.variantId,
        warehouseId: from.warehouseId,
        kind: "return" as const,
        quantity,
        reason: "Returned by the customer",
        reference: `Order ${options.orderNumber}`,
        actor: options.actor.email,
        orderId: options.orderId,
      });
    }
  }
  await recordStockMovements(tx, movements);
}
