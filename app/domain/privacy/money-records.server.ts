import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { db, Tx } from "~/db/client.server";
import { creditNotes, invoiceLines, orders, refundParts, refunds } from "~/db/schema";
import { REFUND_STATUSES_OWED } from "~/domain/refunds/refund-status";

type Query = Tx | ReturnType<typeof db>;

/**
 * The money records of a person's orders and invoices for the POPIA export (s23): what was
 * bought as invoiced, what was paid back and how, and the credit notes. They carry no personal
 * field of their own (they point at the order or invoice), so an erasure keeps them whole.
 */

/**
 * Each order's refunds, with their parts: how much went back through which payment, or by hand
 * (a payment owed back included; a lay-by's are under its plan, findLaybyRefunds).
 */
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
    .where(and(inArray(refunds.orderId, orderIds), ne(refunds.kind, "layby")))
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

/**
 * The money paid back on lay-by plans, per plan, one row per part of their refunds, in the
 * words the export has always used: through the provider or in cash, pending, completed or
 * failed (a provider's refusal, paid back by hand).
 */
export async function findLaybyRefunds(q: Query, planIds: number[]) {
  if (planIds.length === 0) return [];
  const rows = await q
    .select({
      planId: refunds.planId,
      method: refundParts.method,
      amountCents: refundParts.amountCents,
      status: refundParts.status,
      reference: refundParts.reference,
      createdAt: refundParts.createdAt,
    })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(and(eq(refunds.kind, "layby"), inArray(refunds.planId, planIds)))
    .orderBy(asc(refundParts.id));
  return rows.map((r) => ({
    ...r,
    planId: r.planId!,
    method: r.method === "hand" ? ("cash" as const) : ("provider" as const),
    status:
      r.status === "paid"
        ? ("completed" as const)
        : r.status === "refused"
          ? ("failed" as const)
          : ("pending" as const),
  }));
}

/**
 * The first refund the shop still owes on these orders, if any: an order refund (or a payment
 * owed back) reserved or awaiting the provider's answer, or a lay-by refund with a part still
 * to pay out (cash, a provider's refusal, or an answer not known). The orders are locked first,
 * so no refund can start while the erasure runs.
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
        ne(refunds.kind, "layby"),
        inArray(refunds.status, [...REFUND_STATUSES_OWED]),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(1);
  if (order) return { kind: "order" as const, ...order };
  const [layby] = await tx
    .select({
      number: orders.number,
      amountCents: refundParts.amountCents,
      method: refundParts.method,
      status: refundParts.status,
    })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        inArray(refunds.orderId, orderIds),
        eq(refunds.kind, "layby"),
        ne(refundParts.status, "paid"),
      ),
    )
    .orderBy(asc(refundParts.id))
    .limit(1);
  if (!layby) return null;
  return {
    kind: "layby" as const,
    ...layby,
    method: layby.method === "hand" ? ("cash" as const) : ("provider" as const),
    status: layby.status === "refused" ? ("failed" as const) : ("pending" as const),
  };
}
