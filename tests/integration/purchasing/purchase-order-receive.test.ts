import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, purchaseOrders, stockMovements, warehouses } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-order-get.server";
import { receivePurchaseOrder } from "~/domain/purchasing/purchase-order-receive.server";
import { createPurchaseOrder } from "~/domain/purchasing/purchase-order-save.server";
import { changePurchaseOrderStatus } from "~/domain/purchasing/purchase-order-transition.server";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import {
  costOf,
  insertBed,
  lineFields,
  onHand,
  purchaseOrderForm,
  setUpPurchaseOrders,
  stockUp,
} from "./purchase-order-setup";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpPurchaseOrders>>;
let actor: { id: string; email: string };

beforeAll(async () => {
  shop = await setUpPurchaseOrders();
  const owner = await signedIn("owner");
  actor = { id: owner.user.id, email: owner.email };
});

/** A purchase order of these lines, moved along to `status` through the state machine. */
async function purchaseOrderIn(
  status: "draft" | "pending" | "approved" | "in_transit",
  lines: [sku: string, quantity: number, unitCost?: string][],
) {
  const created = await createPurchaseOrder({
    input: purchaseOrderForm({ supplierId: String(shop.supplier.id), ...lineFields(lines) }),
    actor,
  });
  const steps = {
    draft: [],
    pending: ["submit"],
    approved: ["submit", "approve"],
    in_transit: ["submit", "approve", "mark_in_transit"],
  } as const;
  for (const action of steps[status])
    await changePurchaseOrderStatus({ id: created.id, action, actor });
  const detail = await getPurchaseOrder({ id: created.id });
  return { ...created, lineIds: detail.lines.map((l) => l.id) };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const statusOf = async (id: number) =>
  (
    await db()
      .select({ s: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id))
  )[0]!.s;

describe("receiving a purchase order in two parts", () => {
  it("changes levels, ledger and cost at each receipt and the status only at the end", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId, costCents: 100_000 });
    const base = await insertBed({ categoryId: shop.categoryId, costCents: null });
    await stockUp(bed.id, shop.showroom.id, 2);
    await stockUp(bed.id, shop.storeRoom.id, 2);
    const po = await purchaseOrderIn("approved", [
      [bed.sku, 6, "1300"],
      [base.sku, 3, "450.10"],
    ]);
    const [bedLine, baseLine] = po.lineIds;

    // First delivery: 2 beds into the store room; no bases yet.
    const first = await receivePurchaseOrder({
      id: po.id,
      input: { warehouseId: shop.storeRoom.id, quantities: [{ lineId: bedLine!, quantity: 2 }] },
      actor,
    });
    expect(first).toMatchObject({ status: "approved", units: 2, left: 7 });
    expect(await onHand(bed.id, shop.storeRoom.id)).toBe(4);
    expect(await onHand(bed.id, shop.showroom.id)).toBe(2);
    // 4 on hand (both warehouses) at R1,000 and 2 at R1,300: R1,100.
    expect(await costOf(bed.id)).toBe(110_000);
    expect(await statusOf(po.id)).toBe("approved");

    // Second delivery: the rest, into the showroom.
    const second = await receivePurchaseOrder({
      id: po.id,
      input: {
        warehouseId: shop.showroom.id,
        quantities: [
          { lineId: bedLine!, quantity: 4 },
          { lineId: baseLine!, quantity: 3 },
        ],
      },
      actor,
    });
    expect(second).toMatchObject({ status: "received", units: 7, left: 0 });
    expect(await onHand(bed.id, shop.showroom.id)).toBe(6);
    expect(await onHand(base.id, shop.showroom.id)).toBe(3);
    // 6 on hand at R1,100 and 4 at R1,300: R1,180. The base had no cost: the receipt's.
    expect(await costOf(bed.id)).toBe(118_000);
    expect(await costOf(base.id)).toBe(45_010);
    expect(await statusOf(po.id)).toBe("received");

    const movements = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.purchaseOrderId, po.id))
      .orderBy(asc(stockMovements.id));
    expect(
      movements.map((m) => [m.variantId, m.warehouseId, m.kind, m.quantity, m.reference, m.actor]),
    ).toEqual([
      [bed.id, shop.storeRoom.id, "purchase_receipt", 2, po.poNumber, actor.email],
      [bed.id, shop.showroom.id, "purchase_receipt", 4, po.poNumber, actor.email],
      [base.id, shop.showroom.id, "purchase_receipt", 3, po.poNumber, actor.email],
    ]);

    const { lines, events } = await getPurchaseOrder({ id: po.id });
    expect(lines.map((l) => [l.ordered, l.received, l.remaining])).toEqual([
      [6, 6, 0],
      [3, 3, 0],
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "created",
      "submitted",
      "approved",
      "received_part",
      "received_all",
    ]);
    expect(events[3]!.message).toBe(
      `Received 2 units into Store room: 2 × ${bed.sku}. 7 units still to come.`,
    );
    expect(events[4]!.message).toContain("Every line is in.");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "purchase_order_received"),
          eq(auditLog.subject, `purchase_order:${po.poNumber}`),
        ),
      );
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({
      warehouse: "Store room",
      complete: false,
      lines: [{ sku: bed.sku, quantity: 2, costBefore: 100_000, costAfter: 110_000 }],
    });
  });

  it("receives an in-transit order in one go", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId });
    const po = await purchaseOrderIn("in_transit", [[bed.sku, 2]]);
    await receivePurchaseOrder({
      id: po.id,
      input: {
        warehouseId: shop.showroom.id,
        quantities: [{ lineId: po.lineIds[0]!, quantity: 2 }],
      },
      actor,
    });
    expect(await statusOf(po.id)).toBe("received");
  });
});

describe("refusals change nothing", () => {
  it("refuses more than is still to come, by that line", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId, costCents: 100_000 });
    const po = await purchaseOrderIn("approved", [[bed.sku, 5, "2000"]]);
    await receivePurchaseOrder({
      id: po.id,
      input: {
        warehouseId: shop.showroom.id,
        quantities: [{ lineId: po.lineIds[0]!, quantity: 3 }],
      },
      actor,
    });
    const error = await refusal(
      receivePurchaseOrder({
        id: po.id,
        input: {
          warehouseId: shop.showroom.id,
          quantities: [{ lineId: po.lineIds[0]!, quantity: 3 }],
        },
        actor,
      }),
    );
    expect(error.kind).toBe("conflict");
    expect(error.field).toBe(`receive.${po.lineIds[0]}`);
    expect(error.message).toBe(`${bed.sku}: only 2 of 5 still to come; 3 is more than that.`);
    expect(await onHand(bed.id, shop.showroom.id)).toBe(3);
    expect(await costOf(bed.id)).toBe(200_000);
  });

  it("two receipts at once of more than is left together: one goes through, the other is refused", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId, costCents: 100_000 });
    const po = await purchaseOrderIn("approved", [[bed.sku, 5]]);
    const receipt = () =>
      receivePurchaseOrder({
        id: po.id,
        input: {
          warehouseId: shop.showroom.id,
          quantities: [{ lineId: po.lineIds[0]!, quantity: 3 }],
        },
        actor,
      });
    const results = await Promise.allSettled([receipt(), receipt()]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await onHand(bed.id, shop.showroom.id)).toBe(3);
    expect(await statusOf(po.id)).toBe("approved");
  });

  it("refuses to receive a draft, a pending or a cancelled order, and to cancel a received one", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId });
    for (const status of ["draft", "pending"] as const) {
      const po = await purchaseOrderIn(status, [[bed.sku, 1]]);
      const error = await refusal(
        receivePurchaseOrder({
          id: po.id,
          input: {
            warehouseId: shop.showroom.id,
            quantities: [{ lineId: po.lineIds[0]!, quantity: 1 }],
          },
          actor,
        }),
      );
      expect(error.kind).toBe("conflict");
      expect(error.message).toContain("only an approved or in-transit order takes goods in");
    }
    const cancelled = await purchaseOrderIn("approved", [[bed.sku, 1]]);
    await changePurchaseOrderStatus({ id: cancelled.id, action: "cancel", actor });
    const error = await refusal(
      receivePurchaseOrder({
        id: cancelled.id,
        input: {
          warehouseId: shop.showroom.id,
          quantities: [{ lineId: cancelled.lineIds[0]!, quantity: 1 }],
        },
        actor,
      }),
    );
    expect(error.message).toBe(
      `${cancelled.poNumber} is cancelled: only an approved or in-transit order takes goods in.`,
    );
    expect(await onHand(bed.id, shop.showroom.id)).toBe(0);

    const received = await purchaseOrderIn("approved", [[bed.sku, 1]]);
    await receivePurchaseOrder({
      id: received.id,
      input: {
        warehouseId: shop.showroom.id,
        quantities: [{ lineId: received.lineIds[0]!, quantity: 1 }],
      },
      actor,
    });
    const cancel = await refusal(
      changePurchaseOrderStatus({ id: received.id, action: "cancel", actor }),
    );
    expect(cancel.kind).toBe("conflict");
    expect(cancel.message).toBe(`${received.poNumber} is received: it cannot be cancelled.`);
    expect(await statusOf(received.id)).toBe("received");
  });

  it("refuses a stale or forged step: approving a draft, marking a pending order in transit", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId });
    const draft = await purchaseOrderIn("draft", [[bed.sku, 1]]);
    const error = await refusal(
      changePurchaseOrderStatus({ id: draft.id, action: "approve", actor }),
    );
    expect(error.message).toBe(`${draft.poNumber} is draft: it cannot be approved.`);
    await changePurchaseOrderStatus({ id: draft.id, action: "submit", actor });
    await refusal(changePurchaseOrderStatus({ id: draft.id, action: "submit", actor }));
    await refusal(changePurchaseOrderStatus({ id: draft.id, action: "mark_in_transit", actor }));
    expect(await statusOf(draft.id)).toBe("pending");
  });

  it("refuses an inactive or unknown warehouse by its field, and a line of another order", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId });
    const po = await purchaseOrderIn("approved", [[bed.sku, 2]]);
    const other = await purchaseOrderIn("approved", [[bed.sku, 2]]);
    const [closed] = await db()
      .insert(warehouses)
      .values({ code: "closed", name: "Old shed", active: false })
      .returning();
    const receipt = (warehouseId: number, lineId = po.lineIds[0]!) =>
      refusal(
        receivePurchaseOrder({
          id: po.id,
          input: { warehouseId, quantities: [{ lineId, quantity: 1 }] },
          actor,
        }),
      );
    expect(await receipt(closed!.id)).toMatchObject({
      field: "warehouseId",
      message: "Old shed is inactive: choose an active warehouse.",
    });
    expect(await receipt(999_999)).toMatchObject({
      field: "warehouseId",
      message: "Choose a warehouse.",
    });
    expect(await receipt(shop.showroom.id, other.lineIds[0]!)).toMatchObject({
      field: `receive.${other.lineIds[0]}`,
    });
    expect(await statusOf(po.id)).toBe("approved");
  });

  it("cancelling a partly received order keeps what came in and says so", async () => {
    const bed = await insertBed({ categoryId: shop.categoryId });
    const po = await purchaseOrderIn("in_transit", [[bed.sku, 4]]);
    await receivePurchaseOrder({
      id: po.id,
      input: {
        warehouseId: shop.showroom.id,
        quantities: [{ lineId: po.lineIds[0]!, quantity: 1 }],
      },
      actor,
    });
    await changePurchaseOrderStatus({ id: po.id, action: "cancel", actor });
    expect(await onHand(bed.id, shop.showroom.id)).toBe(1);
    const { events } = await getPurchaseOrder({ id: po.id });
    expect(events.at(-1)!.message).toBe("Cancelled; the 1 unit already received stays in stock.");
  });
});
