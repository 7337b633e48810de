import type { SessionUser } from "~/domain/auth/roles";
import { receivePurchaseOrder } from "~/domain/purchasing/purchase-order-receive.server";
import { receivePurchaseOrderSchema } from "~/domain/purchasing/purchase-order-schemas";
import { isPurchaseOrderAction } from "~/domain/purchasing/purchase-order-status";
import {
  changePurchaseOrderStatus,
  type PurchaseOrderStatusAction,
} from "~/domain/purchasing/purchase-order-transition.server";
import { sendPurchaseOrderToSupplier } from "~/domain/purchasing/send-purchase-order.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";

const DONE: Record<PurchaseOrderStatusAction, string> = {
  submit: "Submitted for Approval",
  approve: "Purchase Order Approved",
  mark_in_transit: "Marked In Transit",
  cancel: "Purchase Order Cancelled",
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The detail page's action, by intent: a status step the state machine allows from the order's
 * status now (else 409 and nothing changes), receive, or send to the supplier.
 */
export async function purchaseOrderAction(options: {
  request: Request;
  id: number;
  actor: SessionUser;
}) {
  const { id, actor } = options;
  const formData = await readForm(options.request);
  const intent = formData.get("intent");
  if (intent === "receive") {
    const parsed = parseForm(receivePurchaseOrderSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const r = await receivePurchaseOrder({ id, input: parsed.data, actor });
      return r.status === "received"
        ? succeeded(
            "Goods Received",
            `${plural(r.units, "unit")} into ${r.warehouse}: ${r.poNumber} is received in full.`,
          )
        : succeeded(
            "Goods Received",
            `${plural(r.units, "unit")} into ${r.warehouse}; ${plural(r.left, "unit")} of ${r.poNumber} still to come.`,
          );
    });
  }
  if (intent === "send") {
    return attempt(formData, async () => {
      const { sentTo } = await sendPurchaseOrderToSupplier({ purchaseOrderId: id, actor });
      return succeeded("Purchase Order Sent", `E-mailed to ${sentTo} with its PDF.`);
    });
  }
  if (isPurchaseOrderAction(intent) && intent !== "receive") {
    return attempt(formData, async () => {
      const r = await changePurchaseOrderStatus({ id, action: intent, actor });
      return succeeded(DONE[intent], `${r.poNumber} is ${r.done}.`);
    });
  }
  return refused(400, { title: "Error", description: "Unknown request." }, formData);
}
