import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { refundParts, refunds, type CreditLineRecord } from "~/db/schema";
import { conflict } from "~/domain/errors";
import {
  canMoveRefund,
  canMoveRefundPart,
  REFUND_PART_STATUSES,
  type RefundPartStatus,
  type RefundStatus,
} from "./refund-status";

/*
 * The one writer of refunds and their parts (docs/decisions/051): a refund is opened with its
 * parts here, and its status and each part's move only here, along refund-status.ts's tables.
 * Lint refuses an insert of either table, or a write of either's status, anywhere else.
 */

export type RefundPartPlan = {
  /** The approved payment paid back through its provider; null for a part paid by hand. */
  paymentId: number | null;
  method: "provider" | "hand";
  amountCents: number;
  /** A part paid by hand with the refund (staff give its reference) opens paid. */
  status?: "pending" | "paid";
  reference?: string;
  /** Interest the shop adds to a lay-by's refund (CPA s62(3)); only by hand. */
  interest?: boolean;
};

export type OpenRefund = {
  kind: "order" | "layby" | "payment";
  orderId: number;
  /** The invoice an order refund credits. */
  invoiceId?: number | null;
  /** The lay-by plan a lay-by refund pays back. */
  planId?: number | null;
  method: "provider" | "eft";
  provider: string | null;
  amountCents: number;
  reason: string;
  /** The invoice lines staff chose, and the credit note's lines worked out from them. */
  lines?: { position: number; quantity: number }[];
  creditLines?: CreditLineRecord[];
  reference?: string;
  restocked?: boolean;
  /** Money owed that waits for staff opens awaiting, with why. */
  status?: "pending" | "awaiting_provider";
  failure?: string;
  createdBy: string;
  now?: Date;
  parts: readonly RefundPartPlan[];
};

/**
 * Opens a refund with its parts, in the caller's transaction (which has locked the order): its
 * parts must add up to its amount, each more than nothing, so the money held on each payment
 * is the money the refund pays back.
 */
export async function openRefund(tx: Tx, refund: OpenRefund) {
  const { parts, now = new Date() } = refund;
  const sum = parts.reduce((total, p) => total + p.amountCents, 0);
  if (parts.length === 0 || sum !== refund.amountCents || parts.some((p) => p.amountCents <= 0)) {
    throw new Error(
      `A refund of ${refund.amountCents} cents cannot be split into parts of ${parts
        .map((p) => p.amountCents)
        .join(", ")}.`,
    );
  }
  // eslint-disable-next-line no-restricted-syntax -- the one place a refund is opened
  const [row] = await tx
    .insert(refunds)
    .values({
      kind: refund.kind,
      orderId: refund.orderId,
      invoiceId: refund.invoiceId ?? null,
      planId: refund.planId ?? null,
      method: refund.method,
      provider: refund.provider,
      amountCents: refund.amountCents,
      lines: refund.lines ?? [],
      creditLines: refund.creditLines ?? [],
      reason: refund.reason,
      reference: refund.reference ?? "",
      restocked: refund.restocked ?? false,
      status: refund.status ?? "pending",
      failure: refund.failure ?? "",
      createdBy: refund.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refunds.id });
  // eslint-disable-next-line no-restricted-syntax -- the one place a refund's parts are made
  const partRows = await tx
    .insert(refundParts)
    .values(
      parts.map((part) => ({
        refundId: row!.id,
        paymentId: part.paymentId,
        method: part.method,
        amountCents: part.amountCents,
        interest: part.interest ?? false,
        status: part.status ?? ("pending" as const),
        reference: part.reference ?? "",
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: refundParts.id });
  return { refundId: row!.id, partIds: partRows.map((p) => p.id) };
}

/**
 * Moves a refund along its table (canMoveRefund), in the caller's transaction, which has locked
 * it: completed with its providers' references (and an order refund's credit note), failed or
 * awaiting with why. A move the table does not allow is refused: an ended refund stays ended.
 */
export async function moveRefund(
  tx: Tx,
  options: {
    refundId: number;
    to: Exclude<RefundStatus, "pending">;
    /** Why it waits or failed; cleared when it completes. */
    why?: string;
    reference?: string;
    creditNoteId?: number;
    now?: Date;
  },
): Promise<RefundStatus> {
  const { refundId, to, now = new Date() } = options;
  const [refund] = await tx
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.id, refundId))
    .for("update");
  if (!refund) throw new Error(`Refund ${refundId} does not exist.`);
  if (!canMoveRefund(refund.status, to)) {
    throw conflict(
      `This refund is ${refund.status.replace("_", " ")} already: it cannot be ${to}.`,
    );
  }
  await tx
    .update(refunds)
    .set({
      // eslint-disable-next-line no-restricted-syntax -- the one writer of a refund's status
      status: to,
      failure: to === "completed" ? "" : (options.why ?? ""),
      ...(options.reference !== undefined ? { reference: options.reference } : {}),
      ...(options.creditNoteId !== undefined ? { creditNoteId: options.creditNoteId } : {}),
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, refund.status)));
  return refund.status;
}

const movableTo = (to: RefundPartStatus) =>
  REFUND_PART_STATUSES.filter((from) => canMoveRefundPart(from, to));

/**
 * Moves one part of a refund along its table (canMoveRefundPart), keeping a provider's answer
 * or what staff recorded: paid with its reference (by hand: no longer the payment's), refused
 * or not known with why. `from` narrows the statuses it may move from (a provider's answer is
 * kept only on a part still waiting for one). Answers whether it moved: a part that has moved
 * on meanwhile stays as it is.
 */
export async function moveRefundPart(
  executor: Db | Tx,
  options: {
    partId: number;
    to: RefundPartStatus;
    from?: readonly RefundPartStatus[];
    reference?: string;
    why?: string;
    /** Paid back by hand by the shop (EFT or cash) rather than by the payment's provider. */
    byHand?: boolean;
    /** When a provider was asked (the job asks again after a while). */
    checkedAt?: Date;
    now?: Date;
  },
): Promise<boolean> {
  const { to, now = new Date() } = options;
  const from = movableTo(to).filter((s) => !options.from || options.from.includes(s));
  if (from.length === 0) return false;
  const moved = await executor
    .update(refundParts)
    .set({
      // eslint-disable-next-line no-restricted-syntax -- the one writer of a part's status
      status: to,
      failure: to === "paid" ? "" : (options.why ?? ""),
      ...(options.reference !== undefined ? { reference: options.reference } : {}),
      ...(options.byHand ? { method: "hand" as const, paymentId: null } : {}),
      ...(options.checkedAt ? { checkedAt: options.checkedAt } : {}),
      updatedAt: now,
    })
    .where(and(eq(refundParts.id, options.partId), inArray(refundParts.status, from)))
    .returning({ id: refundParts.id });
  return moved.length > 0;
}

/**
 * A refund a stopped process left pending: its provider parts never answered are not known
 * (the provider may have paid), so they are looked up rather than asked again.
 */
export async function markUnansweredParts(
  executor: Db | Tx,
  options: { refundId: number; why: string; now: Date },
) {
  await executor
    .update(refundParts)
    .set({
      // eslint-disable-next-line no-restricted-syntax -- the one writer of a part's status
      status: "unknown",
      failure: options.why,
      updatedAt: options.now,
    })
    .where(
      and(
        eq(refundParts.refundId, options.refundId),
        eq(refundParts.method, "provider"),
        eq(refundParts.status, "pending"),
      ),
    );
}

/** The credit note an order refund's completion issued, kept with it. */
export async function linkCreditNote(tx: Tx, options: { refundId: number; creditNoteId: number }) {
  await tx
    .update(refunds)
    .set({ creditNoteId: options.creditNoteId })
    .where(eq(refunds.id, options.refundId));
}
