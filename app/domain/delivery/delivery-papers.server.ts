import { and, asc, gt, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import {
  addressLines,
  addressOneLine,
  deliveryContactLines,
} from "~/domain/addresses/format-address";
import type { BusinessDocument, DocumentShop } from "~/domain/documents/business-document";
import { sellerFromSettings } from "~/domain/documents/seller";
import { isPaidInFull } from "~/domain/orders/payment-status";
import { ADD_ON_TEXT, chosenAddOns, type AddOn } from "~/domain/orders/add-ons";
import { addOnOwed } from "~/domain/orders/order-lines-owed.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { formatMoney } from "~/lib/money";

/*
 * What a run sheet and a delivery note print of an order: who, where, how to get in and whom
 * to call, the goods and the add-ons to do there, and what is left to collect at the door.
 */

export type PaperOrder = Awaited<ReturnType<typeof ordersForPapers>>[number];

/** The orders' delivery details and lines, in the order of `orderIds`. */
export async function ordersForPapers(orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db()
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        address: orders.address,
        complex: orders.complex,
        suburb: orders.suburb,
        city: orders.city,
        province: orders.province,
        postalCode: orders.postalCode,
        deliveryMobile: orders.deliveryMobile,
        accessNotes: orders.accessNotes,
        paymentStatus: orders.paymentStatus,
        removalCents: orders.removalCents,
        assemblyCents: orders.assemblyCents,
        removalCredited: orders.removalCredited,
        assemblyCredited: orders.assemblyCredited,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    db()
      .select({
        orderId: orderLines.orderId,
        title: orderLines.title,
        size: orderLines.size,
        sku: orderLines.sku,
        // What is left to deliver: ordered less credited by refunds.
        quantity: sql<number>`${orderLines.quantity} - ${orderLines.creditedQuantity}`,
      })
      .from(orderLines)
      .where(
        and(
          inArray(orderLines.orderId, orderIds),
          gt(orderLines.quantity, orderLines.creditedQuantity),
        ),
      )
      .orderBy(asc(orderLines.position), asc(orderLines.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, { ...r, lines: [] as typeof lines }]));
  for (const line of lines) byId.get(line.orderId)?.lines.push(line);
  return orderIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The buyer's name, the address as every page prints it (or run on as one line), and how to
 * reach them at the door.
 */
export function deliverToLines(
  order: PaperOrder,
  options: { addressOnOneLine?: boolean } = {},
): string[] {
  const contact = deliveryContactLines({
    deliveryMobile: order.deliveryMobile,
    accessNotes: order.accessNotes,
  });
  return [
    `${order.firstName} ${order.lastName}`.trim(),
    ...(options.addressOnOneLine ? [addressOneLine(order)] : addressLines(order)),
    ...(order.deliveryMobile ? [] : [`Phone: ${order.phone}`]),
    ...contact,
  ];
}

/** "2 x Classic Spring Bed (Queen)". */
export const itemLine = (line: PaperOrder["lines"][number]) =>
  `${line.quantity} x ${line.title} (${line.size})`;

/** What the crew does at the door besides bringing the goods: "Take away old mattress". */
export const addOnWork = (order: PaperOrder): string[] =>
  addOnsToDo(order).map((addOn) => ADD_ON_TEXT[addOn].short);

/**
 * The add-ons the crew does at the door: charged and not refunded since, and only with goods
 * left to bring (decision 050).
 */
export const addOnsToDo = (order: PaperOrder): AddOn[] =>
  order.lines.length === 0
    ? []
    : chosenAddOns(order)
        .map(({ addOn }) => addOn)
        .filter((addOn) => addOnOwed(order, addOn));

/**
 * What the driver collects at the door, from the order's money state: nothing when it is paid
 * in full (the only orders a run takes); an order whose money state changed after it was put on
 * the run is marked not to be handed over, never given an amount worked out here.
 */
export function toCollect(order: Pick<PaperOrder, "paymentStatus">): string {
  return isPaidInFull(order.paymentStatus)
    ? `${formatMoney(0, { cents: true })} (paid)`
    : "Not paid in full: do not deliver";
}

/** The shop as its documents print it, from its settings today. */
export async function documentShop(): Promise<DocumentShop> {
  return sellerFromSettings(await getStoreSettings());
}

/** The shared document layout, loaded with the first PDF a process makes. */
export async function layOut(document: BusinessDocument): Promise<Buffer> {
  const { layOutDocument } = await import("~/domain/documents/document-pdf-layout.server");
  return layOutDocument(document);
}
