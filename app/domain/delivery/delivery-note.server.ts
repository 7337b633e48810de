import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryZones, orders } from "~/db/schema";
import { shopParty, type BusinessDocument } from "~/domain/documents/business-document";
import { notFound } from "~/domain/errors";
import { ADD_ON_TEXT } from "~/domain/orders/add-ons";
import { formatDay, shopToday } from "~/lib/dates";
import { isDbId } from "~/lib/db-ids";
import { formatLongDay } from "./day-names";
import {
  addOnsToDo,
  deliverToLines,
  documentShop,
  layOut,
  ordersForPapers,
  toCollect,
} from "./delivery-papers.server";

/** An order's delivery note: the order, where it goes, its goods and its booked day, if any. */
export async function getDeliveryNote(options: { orderNumber: number }) {
  const [row] = isDbId(options.orderNumber)
    ? await db()
        .select({ id: orders.id, day: deliveryBookings.day, zoneName: deliveryZones.name })
        .from(orders)
        .leftJoin(deliveryBookings, eq(deliveryBookings.orderId, orders.id))
        .leftJoin(deliveryZones, eq(deliveryZones.id, deliveryBookings.zoneId))
        .where(eq(orders.number, options.orderNumber))
    : [];
  if (!row) throw notFound("This order does not exist.");
  const [shop, [order]] = await Promise.all([documentShop(), ordersForPapers([row.id])]);
  return { shop, order: order!, day: row.day, zoneName: row.zoneName };
}

export type DeliveryNote = Awaited<ReturnType<typeof getDeliveryNote>>;

/** The delivery note in the shop's one document layout, with lines for the receiver to sign. */
export function deliveryNotePrint(note: DeliveryNote): BusinessDocument {
  const { order } = note;
  const number = `DN-${order.number}`;
  return {
    title: "Delivery Note",
    number,
    shop: note.shop,
    parties: [shopParty(note.shop), { heading: "Deliver to", lines: deliverToLines(order) }],
    facts: [
      { label: "Order", value: `#${order.number}` },
      { label: "Ordered", value: formatDay(shopToday(order.createdAt)) },
      ...(note.day ? [{ label: "Delivery day", value: formatLongDay(note.day) }] : []),
      ...(note.zoneName ? [{ label: "Zone", value: note.zoneName }] : []),
      { label: "To collect", value: toCollect(order) },
    ],
    columns: [
      { label: "Quantity", width: "12%", align: "right" },
      { label: "", width: "3%" },
      { label: "Item", width: "60%" },
      { label: "SKU", width: "25%" },
    ],
    rows: [
      ...order.lines.map((l) => [String(l.quantity), "", `${l.title} (${l.size})`, l.sku]),
      ...addOnsToDo(order).map((addOn) => ["", "", ADD_ON_TEXT[addOn].line, ""]),
    ],
    totals: [
      {
        label: "Items",
        value: String(order.lines.reduce((n, l) => n + l.quantity, 0)),
        bold: true,
      },
    ],
    signatures: ["Received in good order by", "Signature", "Date"],
    footnote: `Please check the goods before you sign. Quote order #${order.number} with any query.`,
  };
}

/** An order's delivery note as a PDF file (DN-1042.pdf). */
export async function renderDeliveryNotePdf(options: { orderNumber: number }) {
  const note = await getDeliveryNote(options);
  const print = deliveryNotePrint(note);
  return { filename: `${print.number}.pdf`, pdf: await layOut(print) };
}
