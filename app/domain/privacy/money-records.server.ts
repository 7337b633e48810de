import { and, asc, eq, inArray } from "drizzle-orm";
import type { db, Tx } from "~/db/client.server";
import {
  creditNotes,
  invoiceLines,
  laybyPlans,
  laybyRefunds,
  orders,
  refundParts,
  refunds,
} from "~/db/schema";

type Query = Tx | ReturnType<typeof db>;

/**
 * The money records of a person's orders and invoices for the POPIA export (s23): what was
 * bought as invoiced, what was paid back and how, and the credit notes. They carry no personal
 * field of their own (they point at the order or invoice), so an erasure keeps them whole.
 */

/** Each order's refunds, with their parts: how much went back through which payment, or by hand. */
export async function findOrderRefunds(q: Query, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const rows = await q
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amountCents: refunds.amountCents,
      method: refunds.method,
      provider: refunds.provider,
      status: refunds.status,
      reason: refunds.reason,
      restocked: refunds.restocked,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const parts = rows.length
    ? await q
        .select({
          refundId: refundParts.refundId,
          method: refundParts.method,
          paymentId: refundParts.paymentId,
          amountCents: refundParts.amountCents,
          status: refundParts.status,
          reference: refundParts.reference,
        })
        .from(refundParts)
        .where(
          inArray(
            refundParts.refundId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(refundParts.id))
    : [];
  return rows.map(({ id, ...refund }) => ({
    ...refund,
    parts: parts.filter((p) => p.refundId === id).map(({ refundId: _, ...part }) => part),
  }));
}

/** Each invoice's lines and credit notes: what was invoiced, and what was credited and why. */
export async function findInvoiceDetails(q: Query, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return { lines: [], notes: [] };
  const [lines, notes] = await Promise.all([
    q
      .select({
        invoiceId: invoiceLines.invoiceId,
        description: invoiceLines.description,
        sku: invoiceLines.sku,
        quantity: invoiceLines.quantity,
        unitPriceCents: invoiceLines.unitPriceCents,
        lineTotalCents: invoiceLines.lineTotalCents,
      })
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, invoiceIds))
      .orderBy(asc(invoiceLines.position)),
    q
      .select({
        invoiceId: creditNotes.invoiceId,
        number: creditNotes.number,
        issueDate: creditNotes.issueDate,
        totalCents: creditNotes.totalCents,
        vatCents: creditNotes.vatCents,
        reason: creditNotes.reason,
      })
      .from(creditNotes)
      .where(inArray(creditNotes.invoiceId, invoiceIds))
      .orderBy(asc(creditNotes.number)),
  ]);
  return { lines, notes };
}

/** The money paid back on cancelled lay-by plans, per plan. */
export function findLaybyRefunds(q: Query, planIds: number[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return q
    .select({
      planId: laybyRefunds.planId,
      method: laybyRefunds.method,
      amountCents: laybyRefunds.amountCents,
      status: laybyRefunds.status,
      reference: laybyRefunds.reference,
      createdAt: laybyRefunds.createdAt,
    })
    .from(laybyRefunds)
    .where(inArray(laybyRefunds.planId, planIds))
    .orderBy(asc(laybyRefunds.id));
}

/**
 * The first refund the shop still owes on these orders, if any: an order refund reserved or
 * awaiting the provider's answer, or a lay-by refund still to pay out (cash, or a provider refund
 * that failed). The orders are locked first, so no refund can start while the erasure runs.
 */
export async function findRefundOwed(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) return null;
  await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderIds)).for("update");
  const [order] = await tx
    .select({ number: orders.number, amountCents: refunds.amountCents, status: refunds.status })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        inArray(refunds.orderId, orderIds),
        inArray(refunds.status, ["pending", "awaiting_provider"]),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(1);
  if (order) return { kind: "order" as const, ...order };
  const [layby] = await tx
    .select({
      number: orders.number,
      amountCents: laybyRefunds.amountCents,
      method: laybyRefunds.method,
      status: laybyRefunds.status,
    })
    .from(laybyRefunds)
    .innerJoin(laybyPlans, eq(laybyPlans.id, laybyRefunds.planId))
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .where(
      and(
        inArray(laybyPlans.orderId, orderIds),
        inArray(laybyRefunds.status, ["pending", "failed"]),
      ),
    )
    .orderBy(asc(laybyRefunds.id))
    .limit(1);
  return layby ? { kind: "layby" as const, ...layby } : null;
}
