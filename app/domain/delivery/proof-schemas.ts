import { z } from "zod";

/*
 * The driver's forms on the phone: start a run, a stop delivered (who received it and their
 * signature, drawn or on the paper run sheet, and a photo), a stop not delivered (why, a note
 * for the shop and, if the driver wants, a message for the customer).
 */

const id = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/** Made by the phone before the first send, so a send repeated is recorded once. */
const proofKey = z
  .string("Reload the page and try again.")
  .trim()
  .toLowerCase()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    "Reload the page and try again.",
  );

export const NOT_DELIVERED_REASONS = [
  "nobody_home",
  "wrong_address",
  "refused",
  "access_problem",
  "other",
] as const;
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];

export const NOT_DELIVERED_REASON_LABELS: Record<NotDeliveredReason, string> = {
  nobody_home: "Nobody home",
  wrong_address: "Wrong address",
  refused: "Refused by the customer",
  access_problem: "Could not get in (access)",
  other: "Other",
};

/**
 * A missed visit's reason as the customer reads it, in the shop's words; none for "Other",
 * which tells them nothing (the driver's message for the customer says what happened).
 */
export function reasonForCustomer(reason: NotDeliveredReason | null): string | null {
  return reason && reason !== "other" ? NOT_DELIVERED_REASON_LABELS[reason] : null;
}

/** Where a stop is in its day: at the shop, on the truck, delivered, or not delivered. */
export type StopState = "booked" | "out_for_delivery" | "delivered" | "not_delivered";

export const STOP_STATE_LABELS: Record<StopState, string> = {
  booked: "At the shop",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  not_delivered: "Not delivered",
};

export const SIGN_MESSAGE =
  "Ask the receiver to sign on the screen, or tick “Signed on the paper run sheet”.";

/** The run the driver starts: every stop on it goes out for delivery. */
export const startRunSchema = z.object({ run: id("Choose a run.") });

export const deliveredSchema = z
  .object({
    order: id("Choose an order."),
    proofKey,
    recipientName: z
      .string("Write the name of the person who received the goods.")
      .trim()
      .min(1, "Write the name of the person who received the goods.")
      .max(120, "Keep the name to 120 characters."),
    /** The drawn signature as a PNG data URL; empty when signed on paper. */
    signature: z
      .string()
      .max(300_000, "The signature is too large: clear it and sign again.")
      .default(""),
    signedOnPaper: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .refine((v) => v.signature !== "" || v.signedOnPaper, {
    path: ["signature"],
    message: SIGN_MESSAGE,
  });

/** The longest message for the customer a missed visit may carry into the e-mail. */
export const CUSTOMER_MESSAGE_MAX = 300;

export const notDeliveredSchema = z
  .object({
    order: id("Choose an order."),
    proofKey,
    reason: z.enum(NOT_DELIVERED_REASONS, "Choose why it was not delivered."),
    /** For the shop only: never sent to the customer. */
    note: z.string().trim().max(500, "Keep the note to 500 characters.").default(""),
    /** What the driver chooses to tell the customer; the one free text the customer sees. */
    customerMessage: z
      .string()
      .trim()
      .max(
        CUSTOMER_MESSAGE_MAX,
        `Keep the message for the customer to ${CUSTOMER_MESSAGE_MAX} characters.`,
      )
      .optional(),
  })
  .refine((v) => v.reason !== "other" || v.note !== "", {
    path: ["note"],
    message: "Say what happened in the note.",
  });

export type DeliveredInput = z.infer<typeof deliveredSchema>;
export type NotDeliveredInput = z.infer<typeof notDeliveredSchema>;
