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

/**
 * A stop's row: its place in the run with who and where, the goods and the add-ons to do there,
 * what to collect, and a blank cell to sign in. The PDF library lays out every cell and every
 * line of one on its own, at a cost of its own (bench/README.md, "Run sheet PDF"), so the stop's
 * number heads the first cell rather than filling a column, and the address runs on as one
 * paragraph, as a list prints it.
 */
function stopRow(order: PaperOrder, place: number): string[] {
  const [name, ...rest] = deliverToLines(order, { addressOnOneLine: true });
  return [
    [`${place}. ${name} · Order #${order.number}`, ...rest].join("\n"),
    [...order.lines.map(itemLine), ...addOnWork(order)].join("\n"),
    toCollect(order),
    "",
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
      { label: "Stop, customer and address", width: "40%" },
      { label: "Items", width: "23%" },
      { label: "To collect", width: "13%" },
      { label: "Received by: name, signature, time", width: "24%", sign: true },
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
