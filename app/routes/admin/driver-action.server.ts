import type { SessionUser } from "~/domain/auth/roles";
import {
  deliveredSchema,
  notDeliveredSchema,
  startRunSchema,
} from "~/domain/delivery/proof-schemas";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { startDeliveryRun } from "~/domain/delivery/start-delivery-run.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";

/** The driver's phone: start the run, a stop delivered with its proof, a stop not delivered. */
export const DRIVER_INTENTS = ["start-run", "delivered", "not-delivered"] as const;
export type DriverIntent = (typeof DRIVER_INTENTS)[number];

type Args = { formData: FormData; actor: SessionUser };

async function startRun({ formData, actor }: Args) {
  const parsed = parseForm(startRunSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const started = await startDeliveryRun({ runId: parsed.data.run, actor });
    const held = started.held ? ` ${started.held} not paid in full stay at the shop.` : "";
    return succeeded(
      "Out for Delivery",
      started.out === 0
        ? `Every stop of ${started.truck} is out already.${held}`
        : `${started.out} stop${started.out === 1 ? "" : "s"} of ${started.truck} out for delivery.${held}`,
    );
  });
}

async function delivered({ formData, actor }: Args) {
  const parsed = parseForm(deliveredSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const photo = formData.get("photo");
  return attempt(formData, async () => {
    const { order, ...proof } = parsed.data;
    const recorded = await recordDelivered({
      ...proof,
      orderNumber: order,
      photo: photo instanceof Blob ? photo : null,
      actor,
    });
    return succeeded(
      "Delivered",
      `Order #${recorded.orderNumber}: received by ${recorded.proof.recipientName}.`,
    );
  });
}

async function notDelivered({ formData, actor }: Args) {
  const parsed = parseForm(notDeliveredSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { order, ...proof } = parsed.data;
    const recorded = await recordNotDelivered({ ...proof, orderNumber: order, actor });
    return succeeded(
      "Not Delivered",
      `Order #${recorded.orderNumber} is back in To book; the customer is asked to choose a new day.`,
    );
  });
}

/** Dispatches on `intent`: each reads its schema, calls one domain function, answers a toast. */
export async function driverAction(options: { intent: unknown } & Args) {
  const { intent, ...args } = options;
  switch (intent as DriverIntent) {
    case "start-run":
      return startRun(args);
    case "delivered":
      return delivered(args);
    case "not-delivered":
      return notDelivered(args);
    default:
      return refused(400, { title: "Error", description: "Unknown request." }, args.formData);
  }
}
