import type { Tx } from "~/db/client.server";
import { purchaseOrderEvents } from "~/db/schema";
import { recordAudit, type AuditAction } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { formatPoNumber } from "./po-number";

export type PurchaseOrderActor = Pick<SessionUser, "id" | "email">;

/** The kinds of line on a purchase order's timeline. */
export type PurchaseOrderEventType =
  | "created"
  | "updated"
  | "submitted"
  | "approved"
  | "in_transit"
  | "received_part"
  | "received_all"
  | "sent"
  | "cancelled";

/**
 * Writes one step of a purchase order to its timeline (who: the staff member's id) and to the
 * audit log, in the transaction that made the change.
 */
export async function recordPurchaseOrderStep(
  tx: Tx,
  step: {
    purchaseOrderId: number;
    number: number;
    type: PurchaseOrderEventType;
    message: string;
    actor: PurchaseOrderActor;
    audit: AuditAction;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(purchaseOrderEvents).values({
    purchaseOrderId: step.purchaseOrderId,
    type: step.type,
    message: step.message,
    actor: step.actor.id,
  });
  await recordAudit(
    {
      action: step.audit,
      actorId: step.actor.id,
      actorEmail: step.actor.email,
      subject: `purchase_order:${formatPoNumber(step.number)}`,
      details: step.details ?? {},
    },
    tx,
  );
}
