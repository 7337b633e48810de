import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";

export const CHOOSE_DAY_MESSAGE = "Choose a delivery day.";

/**
 * Staff booking or moving an order's delivery day (Deliveries and the order's page): the order
 * by its number and the day as `<input type="date">` and the day choices send it.
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
});

export type DeliveryBookingInput = z.infer<typeof deliveryBookingSchema>;
