import { describe, expect, it } from "vitest";
import {
  allowedPurchaseOrderActions,
  canEditPurchaseOrder,
  canMovePurchaseOrder,
  canReceivePurchaseOrder,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  statusAfterReceipt,
  type PurchaseOrderStatus,
} from "./purchase-order-status";

const Y = true;
const N = false;

/** Every pair of statuses: row = from, column = to, in PURCHASE_ORDER_STATUSES' order. */
const TABLE: Record<PurchaseOrderStatus, Record<PurchaseOrderStatus, boolean>> = {
  //          draft     pending    approved   in_transit    received    cancelled
  draft: { draft: N, pending: Y, approved: N, in_transit: N, received: N, cancelled: Y },
  pending: { draft: N, pending: N, approved: Y, in_transit: N, received: N, cancelled: Y },
  approved: { draft: N, pending: N, approved: N, in_transit: Y, received: Y, cancelled: Y },
  in_transit: { draft: N, pending: N, approved: N, in_transit: N, received: Y, cancelled: Y },
  received: { draft: N, pending: N, approved: N, in_transit: N, received: N, cancelled: N },
  cancelled: { draft: N, pending: N, approved: N, in_transit: N, received: N, cancelled: N },
};

describe("purchase order transitions", () => {
  it("the table names every one of the 36 pairs", () => {
    const pairs = Object.entries(TABLE).flatMap(([from, row]) =>
      Object.keys(row).map((to) => `${from}->${to}`),
    );
    expect(new Set(pairs).size).toBe(36);
    expect(Object.keys(TABLE)).toEqual([...PURCHASE_ORDER_STATUSES]);
  });

  for (const from of PURCHASE_ORDER_STATUSES) {
    for (const to of PURCHASE_ORDER_STATUSES) {
      const allowed = TABLE[from][to];
      it(`${from} -> ${to} is ${allowed ? "allowed" : "refused"}`, () => {
        expect(canMovePurchaseOrder(from, to)).toBe(allowed);
      });
    }
  }

  it("cancelling is possible from every status before received, and only then", () => {
    const cancellable = PURCHASE_ORDER_STATUSES.filter((s) => canMovePurchaseOrder(s, "cancelled"));
    expect(cancellable).toEqual(["draft", "pending", "approved", "in_transit"]);
  });
});

describe("the actions staff see", () => {
  it.each([
    ["draft", ["Submit for approval", "Cancel order"]],
    ["pending", ["Approve", "Cancel order"]],
    ["approved", ["Mark in transit", "Receive", "Cancel order"]],
    ["in_transit", ["Receive", "Cancel order"]],
    ["received", []],
    ["cancelled", []],
  ] as const)("a %s purchase order offers %j", (status, labels) => {
    expect(allowedPurchaseOrderActions(status).map((a) => PURCHASE_ORDER_ACTIONS[a].label)).toEqual(
      labels,
    );
  });

  it("only an approved or in-transit order takes goods in; only a draft is edited", () => {
    expect(PURCHASE_ORDER_STATUSES.filter(canReceivePurchaseOrder)).toEqual([
      "approved",
      "in_transit",
    ]);
    expect(PURCHASE_ORDER_STATUSES.filter(canEditPurchaseOrder)).toEqual(["draft"]);
  });
});

describe("the status a receipt leaves", () => {
  it.each([
    ["approved", false, "approved"],
    ["approved", true, "received"],
    ["in_transit", false, "in_transit"],
    ["in_transit", true, "received"],
    // Not receivable: the status never moves by a receipt.
    ["pending", true, "pending"],
    ["cancelled", true, "cancelled"],
  ] as const)("%s with every line in: %s -> %s", (status, complete, after) => {
    expect(statusAfterReceipt(status, complete)).toBe(after);
  });
});
