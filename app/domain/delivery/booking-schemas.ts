import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";

export const CHOOSE_DAY_MESSAGE = "Choose a delivery day.";
/** The field where the zone of an order quoted for our own truck is chosen. */
export const DELIVERY_ZONE_FIELD = "zone";
export const CHOOSE_ZONE_MESSAGE = "Choose the zone whose round takes this order.";

/**
 * Staff booking or moving an order's delivery day (Deliveries and the order's page): the order
 * by its number and the day as `<input type="date">` and the day choices send it. The zone is
 * sent only for an order quoted for our own truck whose address no zone covers (which zone's
 * round takes it); the domain says when it is missing, since only it knows when it is needed.
 */
export const deliveryBookingSchema = z.object({
  order: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, "Choose an order.")
    .transform(Number),
  /** The same name as checkout's field, where the engine's messages land. */
  deliveryDay: z
    .string(CHOOSE_DAY_MESSAGE)
    .trim()
    .min(1, CHOOSE_DAY_MESSAGE)
    .refine(isCalendarDay, "Give the day as a date, such as 2026-12-01."),
  zone: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\d{1,9}$/.test(v), CHOOSE_ZONE_MESSAGE)
    .transform((v) => (v ? Number(v) : undefined)),
});

export type DeliveryBookingInput = z.infer<typeof deliveryBookingSchema>;

/**
 * The Book dialog of an order quoted for our own truck, outside every zone: the zone is asked
 * for before the form is sent (the action reads `deliveryBookingSchema`, and the domain says
 * when a zone is needed).
 */
export const quotedBookingSchema = deliveryBookingSchema.extend({
  zone: z
    .string(CHOOSE_ZONE_MESSAGE)
    .trim()
    .regex(/^\d{1,9}$/, CHOOSE_ZONE_MESSAGE)
    .transform(Number),
});
