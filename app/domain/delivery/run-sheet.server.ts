import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryRunStops, deliveryRuns, users } from "~/db/schema";
import { shopParty, type BusinessDocument } from "~/domain/documents/business-document";
import { notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { formatLongDay } from "./day-names";
import {
  addOnWork,
  deliverToLines,
  documentShop,
  itemLine,
  layOut,
  ordersForPapers,
  toCollect,
  type PaperOrder,
} from "./delivery-papers.server";

/** A run with its driver and its stops' orders in the run's order. */
export async function getRunSheet(options: { runId: number }) {
  const [run] = isDbId(options.runId)
    ? await db()
        .select({
          id: deliveryRuns.id,
          day: deliveryRuns.day,
          truck: deliveryRuns.truck,
          driverName: users.name,
        })
        .from(deliveryRuns)
        .innerJoin(users, eq(users.id, deliveryRuns.driverId))
        .where(eq(deliveryRuns.id, options.runId))
    : [];
  if (!run) throw notFound("That delivery run does not exist.");
  const stops = await db()
    .select({ orderId: deliveryBookings.orderId })
    .from(deliveryRunStops)
    .innerJoin(deliveryBookings, eq(deliveryBookings.id, deliveryRunStops.bookingId))
    .where(eq(deliveryRunStops.runId, run.id))
    .orderBy(asc(deliveryRunStops.position), asc(deliveryRunStops.id));
  const [shop, stopOrders] = await Promise.all([
    documentShop(),
    ordersForPapers(stops.map((s) => s.orderId)),
  ]);
  return { ...run, shop, stops: stopOrders };
}

export type RunSheet = Awaited<ReturnType<typeof getRunSheet>>;

const SIGN_HERE = "\n\n\n______________________\nName, signature, time";

/**
 * A stop's row: its place, who and where, the goods and the add-ons to do there, what to
 * collect, and room to sign.
 */
function stopRow(order: PaperOrder, place: number): string[] {
  const [name, ...rest] = deliverToLines(order);
  return [
    String(place),
    [`${name} · Order #${order.number}`, ...rest].join("\n"),
    [...order.lines.map(itemLine), ...addOnWork(order)].join("\n"),
    toCollect(order),
    SIGN_HERE,
  ];
}

/** The run sheet in the shop's one document layout: the day's stops in the run's order. */
export function runSheetPrint(sheet: RunSheet): BusinessDocument {
  const day = formatLongDay(sheet.day);
  return {
    title: "Run Sheet",
    number: `Run ${sheet.id}`,
    subtitle: day,
    shop: sheet.shop,
    parties: [
      shopParty(sheet.shop),
      { heading: "Run", lines: [sheet.truck, `Driver: ${sheet.driverName}`, day] },
    ],
    facts: [
      { label: "Day", value: day },
      { label: "Truck", value: sheet.truck },
      { label: "Driver", value: sheet.driverName },
      { label: "Stops", value: String(sheet.stops.length) },
    ],
    columns: [
      { label: "#", width: "5%" },
      { label: "Customer and address", width: "36%" },
      { label: "Items", width: "22%" },
      { label: "To collect", width: "13%" },
      { label: "Received by", width: "24%" },
    ],
    rows: sheet.stops.map((order, i) => stopRow(order, i + 1)),
    totals: [{ label: "Stops", value: String(sheet.stops.length), bold: true }],
    notes: sheet.stops.length === 0 ? "No stops on this run yet." : undefined,
    footnote:
      "Stops in the order planned. The person who receives the goods prints their name, signs and notes the time; an order not delivered comes back to the shop to be rebooked.",
  };
}

/** A run's sheet as a PDF file named for its day and run (run-2026-12-01-3.pdf). */
export async function renderRunSheetPdf(options: { runId: number }) {
  const sheet = await getRunSheet(options);
  const pdf = await layOut(runSheetPrint(sheet));
  return { filename: `run-${sheet.day}-${sheet.id}.pdf`, pdf };
}
