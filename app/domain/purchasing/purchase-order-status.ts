/**
 * A purchase order's life, as a typed state machine (docs/decisions/016):
 *
 *   draft -> pending -> approved -> in_transit -> received
 *
 * Goods may arrive without an "in transit" step, so approved -> received is allowed too. Every
 * status before received may be cancelled. Received is reached only by receiving: a receipt
 * that leaves a line short keeps the status (approved or in_transit) until every line is in.
 * Received and cancelled are final. No other move exists.
 */
export const PURCHASE_ORDER_STATUSES = [
  "draft",
  "pending",
  "approved",
  "in_transit",
  "received",
  "cancelled",
] as const;

export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** How staff read each status. */
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: "Draft",
  pending: "Pending",
  approved: "Approved",
  in_transit: "In transit",
  received: "Received",
  cancelled: "Cancelled",
};

const NEXT: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ["pending", "cancelled"],
  pending: ["approved", "cancelled"],
  approved: ["in_transit", "received", "cancelled"],
  in_transit: ["received", "cancelled"],
  received: [],
  cancelled: [],
};

/** Whether a purchase order may move from one status to another (never to the same one). */
export function canMovePurchaseOrder(from: PurchaseOrderStatus, to: PurchaseOrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses goods may be received in, in full or in part. */
export function canReceivePurchaseOrder(status: PurchaseOrderStatus): boolean {
  return canMovePurchaseOrder(status, "received");
}

/** Lines (ordered, received) may still be changed: a draft only. */
export function canEditPurchaseOrder(status: PurchaseOrderStatus): boolean {
  return status === "draft";
}

/** The status a receipt leaves: received once every line is in, else the status it had. */
export function statusAfterReceipt(
  status: PurchaseOrderStatus,
  everyLineReceived: boolean,
): PurchaseOrderStatus {
  return everyLineReceived && canReceivePurchaseOrder(status) ? "received" : status;
}

/** What staff can do to a purchase order, each a button on its page. */
export type PurchaseOrderAction = "submit" | "approve" | "mark_in_transit" | "receive" | "cancel";

export const PURCHASE_ORDER_ACTIONS: Record<
  PurchaseOrderAction,
  { label: string; to: PurchaseOrderStatus }
> = {
  submit: { label: "Submit for approval", to: "pending" },
  approve: { label: "Approve", to: "approved" },
  mark_in_transit: { label: "Mark in transit", to: "in_transit" },
  // Receiving in part keeps the status; the last receipt makes it received.
  receive: { label: "Receive", to: "received" },
  cancel: { label: "Cancel order", to: "cancelled" },
};

const ACTION_ORDER: readonly PurchaseOrderAction[] = [
  "submit",
  "approve",
  "mark_in_transit",
  "receive",
  "cancel",
];

/** The actions a purchase order in `status` allows, in the order the page shows them. */
export function allowedPurchaseOrderActions(status: PurchaseOrderStatus): PurchaseOrderAction[] {
  return ACTION_ORDER.filter((action) =>
    canMovePurchaseOrder(status, PURCHASE_ORDER_ACTIONS[action].to),
  );
}

export function isPurchaseOrderAction(value: unknown): value is PurchaseOrderAction {
  return typeof value === "string" && (ACTION_ORDER as readonly string[]).includes(value);
}

/** Open orders: not yet received or cancelled. */
export const OPEN_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = [
  "draft",
  "pending",
  "approved",
  "in_transit",
];

/** Approved or on the way: goods the shop is waiting for. */
export const AWAITING_DELIVERY_STATUSES: readonly PurchaseOrderStatus[] = [
  "approved",
  "in_transit",
];
