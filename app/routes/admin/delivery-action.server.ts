import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { deliveryBookingSchema } from "~/domain/delivery/booking-schemas";
import { formatLongDay } from "~/domain/delivery/day-names";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { createRunSchema, moveStopSchema, runStopSchema } from "~/domain/delivery/run-schemas";
import { addRunStop, moveRunStop, removeRunStop } from "~/domain/delivery/run-stops.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";

/**
 * The Deliveries pages' and the order page's intents: Book and Move an order's day; start a
 * run, put a booked delivery on it, take it off, move a stop up or down.
 */
export const DELIVERY_INTENTS = [
  "book",
  "move",
  "create-run",
  "add-stop",
  "remove-stop",
  "move-stop",
] as const;
export type DeliveryIntent = (typeof DELIVERY_INTENTS)[number];

export function isDeliveryIntent(intent: unknown): intent is DeliveryIntent {
  return DELIVERY_INTENTS.includes(intent as DeliveryIntent);
}

type Args = { formData: FormData; actor: SessionUser };

async function bookOrMove(mode: "book" | "move", { formData, actor }: Args) {
  const parsed = parseForm(deliveryBookingSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const booked = await bookOrderDelivery({
      orderNumber: parsed.data.order,
      day: parsed.data.deliveryDay,
      mode,
      zoneId: parsed.data.zone,
      actor,
    });
    return succeeded(
      mode === "move" ? "Delivery Moved" : "Delivery Booked",
      `Order #${booked.number}: ${booked.message}`,
    );
  });
}

async function createRun({ formData, actor }: Args) {
  const parsed = parseForm(createRunSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { day, driver, truck } = parsed.data;
    const run = await createDeliveryRun({ day, driverId: driver, truck, actor });
    return succeeded(
      "Run Created",
      `${run.truck} with ${run.driverName} on ${formatLongDay(run.day)}.`,
    );
  });
}

async function changeStop(intent: "add-stop" | "remove-stop", { formData, actor }: Args) {
  const parsed = parseForm(runStopSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const input = { runId: parsed.data.run, orderNumber: parsed.data.order, actor };
    if (intent === "add-stop") {
      const added = await addRunStop(input);
      return succeeded(
        "Stop Added",
        `Order #${added.orderNumber} is stop ${added.position} of ${added.run}.`,
      );
    }
    const removed = await removeRunStop(input);
    return succeeded("Stop Removed", `Order #${removed.orderNumber} is off ${removed.run}.`);
  });
}

async function reorderStop({ formData, actor }: Args) {
  const parsed = parseForm(moveStopSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const moved = await moveRunStop({
      runId: parsed.data.run,
      orderNumber: parsed.data.order,
      direction: parsed.data.direction,
      actor,
    });
    return succeeded(
      "Stop Moved",
      `Order #${moved.orderNumber} is stop ${moved.position} of ${moved.of}.`,
    );
  });
}

/** Dispatches on `intent`: each reads its schema, calls one domain function, answers a toast. */
export async function deliveryAction(options: { intent: unknown } & Args) {
  const { intent, ...args } = options;
  if (!isDeliveryIntent(intent)) {
    return refused(400, { title: "Error", description: "Unknown request." }, args.formData);
  }
  switch (intent) {
    case "book":
    case "move":
      return bookOrMove(intent, args);
    case "create-run":
      return createRun(args);
    case "add-stop":
    case "remove-stop":
      return changeStop(intent, args);
    case "move-stop":
      return reorderStop(args);
  }
}
