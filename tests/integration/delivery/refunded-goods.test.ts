import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  deliveryBookings,
  deliveryRunStops,
  invoiceLines,
  invoices,
  orderLines,
  orders,
  users,
} from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { getDeliveryNote, deliveryNotePrint } from "~/domain/delivery/delivery-note.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { driverRuns } from "~/domain/delivery/driver-runs.server";
import { listOrdersToBook } from "~/domain/delivery/orders-to-book.server";
import { recordDelivered } from "~/domain/delivery/record-delivery.server";
import { getRunSheet, runSheetPrint } from "~/domain/delivery/run-sheet.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { TO_BOOK_LIST } from "~/domain/delivery/to-book-list";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { getAdminOrder } from "~/domain/orders/get-admin-order.server";
import { lineOwedWords } from "~/domain/orders/line-owed";
import { orderStage } from "~/domain/orders/order-stage.server";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop, stockOf } from "../orders/fixtures";
import { zone } from "./fixtures";

useTestDatabase();

/*
 * Lines that know what they owe (decision 050): what a refund credited before delivery is no
 * longer the shop's to deliver, so it leaves To book, the run, the run sheet, the delivery note
 * and the driver's phone; an order with nothing left leaves them altogether.
 */

const monday = new Date("2026-11-23T08:00:00Z");
const DAY = "2026-11-26";
const staff: SessionUser = {
  id: "owed-staff",
  email: "owed@test-beds.example",
  name: "Owed Staff",
  role: "staff",
};
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: staff.id, name: staff.name, email: staff.email, role: "staff" });
  await zone({ dropsPerDay: 20 });
});

/** A paid order (with the add-ons asked for) booked for DAY on a run of its own. */
async function onRun(options: { quantity?: number; removal?: boolean; assembly?: boolean } = {}) {
  const { order, bed } = await paidOrder(shop, {
    priceCents: 250_000,
    quantity: options.quantity ?? 1,
    overrides: {
      addOns: { removal: options.removal ?? false, assembly: options.assembly ?? false },
    },
  });
  await bookOrderDelivery({
    orderNumber: order.number,
    day: DAY,
    mode: "book",
    actor: staff,
    now: monday,
  });
  const run = await createDeliveryRun({
    day: DAY,
    driverId: staff.id,
    truck: `T ${order.number}`,
    actor: staff,
    now: monday,
  });
  await addRunStop({ runId: run.id, orderNumber: order.number, actor: staff });
  return { order, bed, runId: run.id };
}

/** The order's invoice line position for a description (the goods are 0..). */
async function positionOf(orderId: number, description: string) {
  const rows = await db()
    .select({ position: invoiceLines.position, description: invoiceLines.description })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoiceLines.position));
  return rows.find((r) => r.description.startsWith(description))!.position;
}

const refund = (orderId: number, lines: RefundInput["lines"], restock = true) =>
  refundOrder({
    orderId,
    input: {
      lines,
      amountCents: null,
      reason: "Changed her mind",
      method: "provider",
      eftReference: "",
      restock,
    },
    actor: staff,
  });

const sheetRow = async (runId: number) =>
  runSheetPrint(await getRunSheet({ runId })).rows.map((r) => r[1]);

describe("goods refunded before delivery", () => {
  it("a bed refunded with the removal fee kept leaves To book, its run, the sheet and the note; the order reads cancelled", async () => {
    const { order, bed, runId } = await onRun({ removal: true });
    expect(await sheetRow(runId)).toHaveLength(1);
    await refund(order.id, [{ position: 0, quantity: 1 }]);

    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "cancelled",
      paymentStatus: "partially_refunded",
    });
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 10 });
    expect(
      await db().select().from(deliveryBookings).where(eq(deliveryBookings.orderId, order.id)),
    ).toEqual([]);
    expect(
      await db().select().from(deliveryRunStops).where(eq(deliveryRunStops.runId, runId)),
    ).toEqual([]);
    expect(await sheetRow(runId)).toEqual([]);
    const toBook = await listOrdersToBook({
      params: readListParams(TO_BOOK_LIST, new URLSearchParams({ q: String(order.number) })),
    });
    expect(toBook.rows).toEqual([]);
    const note = deliveryNotePrint(await getDeliveryNote({ orderNumber: order.number }));
    expect(note.rows).toEqual([]);
    expect(await orderStage(order.id)).toMatchObject({ stage: "cancelled" });
  });

  it("a credited add-on leaves the sheet, the note and the driver's stop; the bed still goes", async () => {
    const { order, runId } = await onRun({ removal: true, assembly: true });
    const removal = await positionOf(order.id, "Take away old mattress");
    await refund(order.id, [{ position: removal, quantity: 1 }]);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe(
      "to_deliver",
    );
    const [row] = await sheetRow(runId);
    expect(row!.split("\n")).toEqual([expect.stringMatching(/^1 x /), "Assemble"]);
    const note = deliveryNotePrint(await getDeliveryNote({ orderNumber: order.number }));
    expect(note.rows.map((r) => r[2])).toEqual([expect.any(String), "Assemble new bed"]);
    const [run] = (await driverRuns({ day: DAY, driverId: staff.id })).filter(
      (r) => r.id === runId,
    );
    expect(run!.stops[0]!.addOns).toEqual(["Assemble"]);
  });

  it("one of two beds refunded: one goes out, and one is recorded delivered", async () => {
    const { order, runId } = await onRun({ quantity: 2 });
    await refund(order.id, [{ position: 0, quantity: 1 }]);
    const [row] = await sheetRow(runId);
    expect(row).toMatch(/^1 x /);
    await recordDelivered({
      orderNumber: order.number,
      proofKey: crypto.randomUUID(),
      recipientName: "Naledi",
      signature: "",
      signedOnPaper: true,
      actor: staff,
      now: new Date(`${DAY}T08:00:00Z`),
    });
    const [line] = await db()
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id)));
    expect(line).toMatchObject({ quantity: 2, creditedQuantity: 1, deliveredQuantity: 1 });
  });

  it("after delivery, a bed sent back is refunded and back in stock, one kept by the customer only refunded; the order page says which", async () => {
    const { order, bed, runId } = await onRun({ quantity: 2 });
    expect(await sheetRow(runId)).toHaveLength(1);
    await recordDelivered({
      orderNumber: order.number,
      proofKey: crypto.randomUUID(),
      recipientName: "Naledi",
      signature: "",
      signedOnPaper: true,
      actor: staff,
      now: new Date(`${DAY}T08:00:00Z`),
    });
    const before = (await stockOf(bed.variantId)).onHand;
    await refund(order.id, [{ position: 0, quantity: 1 }], false);
    await refund(order.id, [{ position: 0, quantity: 1 }], true);

    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({
      quantity: 2,
      deliveredQuantity: 2,
      creditedQuantity: 2,
      returnedQuantity: 1,
    });
    expect((await stockOf(bed.variantId)).onHand).toBe(before + 1);
    const { order: shown } = await getAdminOrder(order.number);
    expect(shown.lines.map(lineOwedWords)).toEqual(["2 delivered · 2 refunded, 1 back in stock"]);
  });
});
