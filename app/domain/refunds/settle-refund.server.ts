import { asc, eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { orders, refundParts, refunds } from "~/db/schema";
import { notFound } from "~/domain/errors";
import { refundOutcome } from "./refund-status";
import { describeParts } from "./refund-words";
import { moveRefund } from "./refund-writes.server";

export type RefundRow = typeof refunds.$inferSelect;
export type RefundPartRow = typeof refundParts.$inferSelect;
/** Who settles it: staff, or the job (`undefined`: the system). */
export type RefundActor = { id: string; email: string };

/** What the engine hands each step of a kind: the refund locked, its parts, and why it waits. */
export type SettleStep = {
  refund: RefundRow;
  parts: RefundPartRow[];
  /** Why it waits or failed, in the shop's words (describeParts). */
  why: string;
  actor: RefundActor | undefined;
  now: Date;
};

/** What a completed refund of a kind gave: an order refund's credit note; nothing for others. */
export type Completion = { creditNoteId: number | null; creditNoteNumber: string | null };

/**
 * What each kind of refund does as the engine settles it (docs/decisions/051), in the engine's
 * transaction: the engine owns the refund's status and the outcome of its parts; the area that
 * owns the money (invoicing for an order's invoice, lay-by for a plan, orders for a payment the
 * shop cannot keep) books it.
 */
export type RefundKind = {
  /** The refunds (refunds.kind) these steps settle. */
  kind: "order" | "layby" | "payment";
  /** Money owed whatever a provider says (a lay-by's, a payment's): it never fails. */
  owed: boolean;
  /** Every time it is settled, before the outcome: a lay-by books each part as it is paid. */
  partsSeen?: (tx: Tx, step: SettleStep) => Promise<void>;
  /** It waits, newly or for a new reason: a line on the order's timeline. */
  waiting: (tx: Tx, step: SettleStep) => Promise<void>;
  /** A provider's definite no on every part; its amount is free again. */
  failed?: (tx: Tx, step: SettleStep) => Promise<void>;
  /**
   * Every part is paid, and the refund reads completed: the kind's settle step (a credit note,
   * goods back in stock, the ledger's row, the order's money state).
   */
  completed: (tx: Tx, step: SettleStep) => Promise<Completion>;
  /** A refund completed earlier, settled again: what its completion gave. */
  completedBefore: (tx: Tx, step: SettleStep) => Promise<Completion>;
};

/** What became of a refund of any kind: completed, awaiting an answer or staff, or failed. */
export type SettledRefund = { refundId: number; amountCents: number } & (
  | ({ status: "completed" } & Completion)
  | { status: "awaiting"; why: string }
  | { status: "failed"; why: string }
);

/**
 * Settles a refund from what its parts say (refundOutcome), with its order locked first and
 * then the refund (the order in which a new refund takes them): every part paid completes it
 * and hands it to its kind's settle step; a provider's definite no on every part fails it and
 * frees its amount; anything else keeps it awaiting with why, its amount held. Safe to repeat,
 * from any process: a settled refund stays as it is.
 */
export async function settleRefundOfKind(
  kind: RefundKind,
  options: { refundId: number; actor?: RefundActor; now?: Date },
): Promise<SettledRefund> {
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const [head] = await tx
      .select({ orderId: refunds.orderId, kind: refunds.kind })
      .from(refunds)
      .where(eq(refunds.id, options.refundId));
    if (head?.kind !== kind.kind) throw notFound("This refund does not exist.");
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, head.orderId))
      .for("update");
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.id, options.refundId))
      .for("update");
    const parts = await tx
      .select()
      .from(refundParts)
      .where(eq(refundParts.refundId, refund!.id))
      .orderBy(asc(refundParts.id));
    const base = { refundId: refund!.id, amountCents: refund!.amountCents };
    const why = describeParts(parts, refund!.provider, { owed: kind.owed });
    const step: SettleStep = { refund: refund!, parts, why, actor: options.actor, now };
    if (refund!.status === "completed") {
      return { ...base, status: "completed", ...(await kind.completedBefore(tx, step)) };
    }
    if (refund!.status === "failed") return { ...base, status: "failed", why: refund!.failure };

    await kind.partsSeen?.(tx, step);
    const outcome = refundOutcome(parts, { owed: kind.owed });
    if (outcome === "fail") {
      await moveRefund(tx, { refundId: refund!.id, to: "failed", why, now });
      await kind.failed?.(tx, step);
      return { ...base, status: "failed", why };
    }
    if (outcome === "wait") {
      if (refund!.status !== "awaiting_provider" || refund!.failure !== why) {
        await moveRefund(tx, { refundId: refund!.id, to: "awaiting_provider", why, now });
        await kind.waiting(tx, { ...step, refund: { ...refund!, failure: why } });
      }
      return { ...base, status: "awaiting", why };
    }
    const reference = parts
      .map((p) => p.reference)
      .filter(Boolean)
      .join(", ");
    await moveRefund(tx, { refundId: refund!.id, to: "completed", reference, now });
    const completed = { ...refund!, status: "completed" as const, reference, failure: "" };
    return {
      ...base,
      status: "completed",
      ...(await kind.completed(tx, { ...step, refund: completed })),
    };
  });
}
