import { and, asc, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  creditNotes,
  invoiceLines,
  invoices,
  orders,
  payments,
  refundParts,
  refunds,
  type CreditLineRecord,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError, conflict, invalid, notFound } from "~/domain/errors";
import {
  assertReturnTargetsActive,
  planUnitReturns,
  returnSoldUnits,
} from "~/domain/orders/sold-units.server";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { moveOrderPayment, recordOrderEvent } from "~/domain/orders/order-events.server";
import { afterRefund, isRefundable } from "~/domain/orders/payment-status";
import { creditOrderLines } from "~/domain/orders/order-lines-owed.server";
import { mailRefundIfCompleted } from "~/domain/orders/refund-mail.server";
import { providerByName } from "~/domain/payments/providers.server";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import { askProviders } from "~/domain/refunds/pay-back.server";
import { capitalised, howPaidBack } from "~/domain/refunds/refund-words";
import { REFUNDS_CHANGED, refundsFingerprint } from "~/domain/refunds/refunds-fingerprint.server";
import { linkCreditNote, openRefund } from "~/domain/refunds/refund-writes.server";
import {
  settleRefundOfKind,
  type RefundKind,
  type SettleStep,
} from "~/domain/refunds/settle-refund.server";
import { splitRefund, type MoneySource } from "~/domain/refunds/refund-split";
import { formatMoney } from "~/lib/money";
import { invoiceAmounts } from "./invoice-amounts";
import { formatCreditNoteNumber, formatInvoiceNumber } from "./invoice-number";
import { creditNoteLinesFor, type InvoiceLineForCredit } from "./credit-note-lines";
import { issueCreditNote } from "./issue-credit-note.server";
import { creditedSoFar } from "./credited-so-far.server";
import { refundedSoFar } from "./refunded-so-far.server";
import { refundWhy } from "./refund-why.server";
import { refundQuantityField, type RefundInput } from "./refund-schemas";

type Actor = Pick<SessionUser, "id" | "email">;
const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Pays back part or all of a paid order (VAT Act s21) and issues its credit note, through the
 * one pay-back engine (app/domain/refunds, docs/decisions/030):
 * 1. with the order locked, the amount is worked out (chosen invoice lines, with their share of
 *    the order's discount, or an amount) and checked against what is still refundable, counting
 *    refunds under way and those whose provider's answer is not known; the goods' way back into
 *    stock is checked; the refund is split over the payments that took the money (each at most
 *    what it took less what it paid back) and saved as pending with its parts;
 * 2. each provider part is asked of its provider, and its answer kept at once;
 * 3. settleOrderRefund: every part paid completes it (credit note, goods back in stock against
 *    the units sold, a fully refunded order marked refunded); a provider's definite no on every
 *    part fails it and frees its amount; an answer not known keeps it awaiting the provider,
 *    its amount held, for the job to ask again.
 */
export async function refundOrder(options: {
  orderId: number;
  input: RefundInput;
  actor: Actor;
  now?: Date;
}): Promise<Exclude<SettledOrderRefund, { status: "failed" }>> {
  const { orderId, input, actor } = options;
  const pending = await db().transaction((tx) => reserveRefund(tx, { orderId, input, actor }));
  await askProviders({ refundId: pending.refundId, reason: input.reason, statuses: ["pending"] });
  const settled = await mailRefundIfCompleted(
    await settleOrderRefund({ refundId: pending.refundId, actor, now: options.now }),
  );
  if (settled.status === "failed") {
    throw new DomainError(
      "conflict",
      `${settled.why} Nothing was refunded and no credit note issued.`,
      { title: "Refund Refused" },
    );
  }
  return settled;
}

export type RefundPreview = {
  amountCents: number;
  restock: boolean;
  parts: { method: "provider" | "hand"; provider: string | null; amountCents: number }[];
  /** The order's refunds as the preview read them: its confirmation posts it back. */
  refundsSeen: string;
  /** Why it pays back what it does (the discount's share, minimum spend, free delivery). */
  why: string[];
};

/**
 * What a refund would pay back and how, before staff confirm it: the same checks and split as
 * refundOrder, in a transaction that is rolled back, so nothing is saved and no provider asked.
 * Throws what refundOrder would throw for the same input.
 */
export async function previewRefund(options: {
  orderId: number;
  input: RefundInput;
  actor: Actor;
}): Promise<RefundPreview> {
  let preview: Omit<RefundPreview, "why"> | null = null;
  let creditLines: CreditLineRecord[] = [];
  try {
    await db().transaction(async (tx) => {
      const { refundId, refundsSeen } = await reserveRefund(tx, { ...options, preview: true });
      const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
      const parts = await tx
        .select({
          method: refundParts.method,
          provider: payments.provider,
          amountCents: refundParts.amountCents,
        })
        .from(refundParts)
        .leftJoin(payments, eq(payments.id, refundParts.paymentId))
        .where(eq(refundParts.refundId, refundId))
        .orderBy(asc(refundParts.id));
      creditLines = refund!.creditLines;
      preview = {
        amountCents: refund!.amountCents,
        restock: refund!.restocked,
        parts,
        refundsSeen,
      };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  // Read once nothing is held: the shop's rules for what the customer keeps (decision 042).
  return { ...preview!, why: await refundWhy(options.orderId, creditLines) };
}

/** What became of an order refund: completed with its credit note, awaiting, or failed. */
export type SettledOrderRefund =
  | {
      status: "completed";
      refundId: number;
      creditNoteId: number;
      creditNoteNumber: string;
      amountCents: number;
    }
  | { status: "awaiting"; refundId: number; amountCents: number; why: string }
  | { status: "failed"; refundId: number; amountCents: number; why: string };

async function reserveRefund(
  tx: Tx,
  options: { orderId: number; input: RefundInput; actor: Actor; preview?: boolean },
): Promise<{ refundId: number; refundsSeen: string }> {
  const { orderId, input, actor } = options;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("This order does not exist.");
  // Read with the order locked, before this refund opens: a confirmation posted twice finds the
  // first one's refund here, however close together they came.
  const refundsSeen = await refundsFingerprint(tx, orderId);
  if (input.refundsSeen !== undefined && input.refundsSeen !== refundsSeen) {
    throw new DomainError("conflict", REFUNDS_CHANGED, { title: "Refund Not Made" });
  }
  if (!isRefundable(order.paymentStatus)) {
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
      discountCents: invoiceLines.discountCents,
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
    // The goods' share of the discount on all goods credited so far, so goods refunded one at
    // a time never get more back than they cost.
    creditedBefore: await creditedSoFar(invoice.id, tx),
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

  // What can fail is checked before any provider is asked: where the goods go back, and which
  // payment pays back how much.
  const restock = input.restock && input.lines.length > 0;
  if (restock) {
    assertReturnTargetsActive(
      await planUnitReturns(tx, { orderId, units: returnedUnits(creditLines) }),
    );
  }
  const parts = await planParts(tx, {
    orderId,
    invoiceTotalCents: invoice.totalCents,
    amountCents,
    input,
    preview: options.preview === true,
  });

  const opened = await openRefund(tx, {
    kind: "order",
    orderId,
    invoiceId: invoice.id,
    method: input.method,
    provider: parts.provider,
    amountCents,
    lines: input.lines,
    creditLines,
    reason: input.reason,
    reference: input.method === "eft" ? input.eftReference : "",
    restocked: restock,
    createdBy: actor.id,
    parts: parts.plan.map((part) => ({
      paymentId: part.paymentId,
      method: part.method,
      amountCents: part.amountCents,
      // A part paid by hand is paid by staff, who give its reference with the refund.
      ...(part.method === "hand"
        ? { status: "paid" as const, reference: input.eftReference }
        : { status: "pending" as const }),
    })),
  });
  return { ...opened, refundsSeen };
}

/** The goods a refund's credit lines bring back, per variant. */
const returnedUnits = (creditLines: readonly CreditLineRecord[]) =>
  creditLines
    .filter((l) => l.variantId !== null && l.unitPriceCents > 0)
    .map((l) => ({ variantId: l.variantId!, quantity: l.quantity }));

/**
 * Splits the refund over the order's approved payments (each at most what it took less what its
 * parts hold or paid back) and, for money taken at the showroom, a part paid by hand; by EFT,
 * all of it is paid by hand. Every provider asked must be set up now.
 */
async function planParts(
  tx: Tx,
  options: {
    orderId: number;
    invoiceTotalCents: number;
    amountCents: number;
    input: RefundInput;
    /** A preview asks for no reference yet: the confirmation says which part needs one. */
    preview: boolean;
  },
) {
  const { input } = options;
  if (input.method === "eft") {
    return { plan: splitRefund([], options.amountCents, { byHand: true }), provider: null };
  }
  const taken = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      amountCents: payments.amountCents,
      // Spelt out: inside a subquery, drizzle's column names would lose their tables.
      held: sql<number>`coalesce((
        select sum(rp."amount_cents") from "refund_parts" rp
        where rp."payment_id" = "payments"."id"
          and rp."status" in ('pending', 'paid', 'unknown')), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.orderId, options.orderId), eq(payments.status, "approved")))
    .orderBy(asc(payments.id));
  const online = taken.reduce((sum, p) => sum + p.amountCents, 0);
  const sources: MoneySource[] = [
    // Money taken at the showroom (a lay-by's instalments paid there) came in first or between;
    // it is paid back last, by hand.
    { paymentId: null, refundableCents: Math.max(options.invoiceTotalCents - online, 0) },
    ...taken.map((p) => ({ paymentId: p.id, refundableCents: p.amountCents - p.held })),
  ];
  const refundable = sources.reduce((sum, s) => sum + Math.max(s.refundableCents, 0), 0);
  if (refundable < options.amountCents) {
    throw invalid(
      `The payments of this order can pay back at most ${money(refundable)} now: pay the rest back by EFT.`,
      "amount",
    );
  }
  const plan = splitRefund(sources, options.amountCents);
  const asked = taken.filter((p) => plan.some((part) => part.paymentId === p.id));
  if (asked.length === 0 && taken.length === 0) {
    throw invalid(
      "This order was not paid through a payment provider: pay the money back by EFT and give its reference.",
      "method",
    );
  }
  for (const p of asked) {
    if (!providerByName(p.provider)) {
      throw invalid(
        `${capitalised(PROVIDER_NAMES[p.provider])} is not set up now: pay the money back by EFT and give its reference.`,
        "method",
      );
    }
  }
  const byHand = plan.find((part) => part.method === "hand");
  if (byHand && !options.preview && input.eftReference.length < 3) {
    throw invalid(
      `${money(byHand.amountCents)} of this was paid at the showroom: pay it back by EFT or cash and enter its reference.`,
      "eftReference",
    );
  }
  return { plan, provider: asked[0]?.provider ?? null };
}

/**
 * Settles an order refund through the engine (settleRefundOfKind): completed, it is handed to
 * completeOrderRefund; failed or awaiting, the order's timeline says so. Safe to call again and
 * from any process. The job calls it for refunds left pending or awaiting.
 */
export async function settleOrderRefund(options: {
  refundId: number;
  actor?: Actor;
  now?: Date;
}): Promise<SettledOrderRefund> {
  return (await settleRefundOfKind(ORDER_REFUND, options)) as SettledOrderRefund;
}

/** An order refund's steps in the engine: its invoice credited once every part is paid. */
export const ORDER_REFUND: RefundKind = {
  kind: "order",
  owed: false,
  async waiting(tx, { refund, why, actor }) {
    await recordOrderEvent(tx, {
      orderId: refund.orderId,
      type: "refund_awaiting",
      message: `Refund of ${money(refund.amountCents)} awaiting: ${why} Its amount stays held.`,
      actor: actor?.email ?? "system",
    });
  },
  async failed(tx, { refund, why, actor }) {
    await recordOrderEvent(tx, {
      orderId: refund.orderId,
      type: "refund_refused",
      message: `Refund refused: ${why}`,
      actor: actor?.email ?? "system",
    });
  },
  completed: completeOrderRefund,
  async completedBefore(tx, { refund }) {
    const [note] = await tx
      .select({ id: creditNotes.id, number: creditNotes.number })
      .from(creditNotes)
      .where(eq(creditNotes.id, refund.creditNoteId!));
    return { creditNoteId: note!.id, creditNoteNumber: formatCreditNoteNumber(note!.number) };
  },
};

/**
 * Every part is paid: the credit note is issued from the lines staff confirmed, returned goods
 * go back on hand against the units sold (those whose warehouse has closed since are named on
 * the timeline, never refused: the money has gone back), the order's money state and the lines
 * it still owes follow.
 */
async function completeOrderRefund(
  tx: Tx,
  { refund, parts, actor: staff, now }: SettleStep,
): Promise<{ creditNoteId: number; creditNoteNumber: string }> {
  const orderId = refund.orderId;
  const amountCents = refund.amountCents;
  const [order] = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  // Completed by the job, the refund is the staff member's who made it, done by the system.
  const actor = staff ?? { id: refund.createdBy, email: "system" };
  const auditActor = staff
    ? { actorId: actor.id, actorEmail: actor.email }
    : { actorEmail: "system" };
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, refund.invoiceId!));
  if (!invoice) throw notFound("This refund's invoice does not exist.");
  // The credit note credits exactly what was paid back, its VAT and discount share checked
  // against the invoice's earlier notes.
  const note = await issueCreditNote(tx, {
    invoiceId: invoice.id,
    lines: refund.lines,
    amountCents: refund.lines.length > 0 ? null : amountCents,
    reason: refund.reason,
    actor,
    now,
    paidCents: amountCents,
  });
  const { number, lines: creditLines } = note;
  await linkCreditNote(tx, { refundId: refund.id, creditNoteId: note.creditNoteId });
  await recordRefundPaid(tx, { refundId: refund.id });

  let leftOut = "";
  if (refund.restocked) {
    const back = await returnSoldUnits(tx, {
      orderId,
      units: returnedUnits(creditLines),
      reference: `Order ${order!.number}`,
      reason: "Returned by the customer",
      actor: actor.email,
    });
    if (back.leftOut.length > 0) {
      leftOut = ` Not put back in stock (the warehouse is inactive now): ${back.leftOut
        .map((p) => `${p.quantity} into ${p.warehouseName}`)
        .join(", ")}; count them in by hand.`;
    }
  }
  const [totals] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(
      and(eq(refunds.orderId, orderId), eq(refunds.kind, "order"), eq(refunds.status, "completed")),
    );
  const paymentStatus = afterRefund(totals?.refunded ?? 0, invoice.totalCents);
  const was = await moveOrderPayment(tx, { orderId, to: paymentStatus, now });
  // What was credited is no longer the shop's to deliver; what came back is back in stock.
  await creditOrderLines(tx, {
    orderId,
    creditLines,
    returned: refund.restocked,
    actor: staff ? { id: actor.id, email: actor.email } : { id: null, email: "system" },
  });
  const creditNoteNumber = formatCreditNoteNumber(number);
  await recordOrderEvent(tx, {
    orderId,
    type: "refunded",
    message: `${money(amountCents)} ${howPaidBack(parts, refund.provider)}; credit note ${creditNoteNumber} against ${formatInvoiceNumber(invoice.number)}: ${refund.reason}${leftOut}`,
    actor: actor.email,
  });
  await recordAudit(
    {
      action: "order_refunded",
      ...auditActor,
      subject: `order:${order!.number}`,
      details: {
        amountCents,
        creditNote: creditNoteNumber,
        method: refund.method,
        restocked: refund.restocked,
        ...(was !== paymentStatus ? { payment: { from: was, to: paymentStatus } } : {}),
      },
    },
    tx,
  );
  return { creditNoteId: note.creditNoteId, creditNoteNumber };
}
