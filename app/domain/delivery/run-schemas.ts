import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";
import { STOP_DIRECTIONS } from "./stop-order";

const id = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/** A new run on the day shown: its driver (a member of staff) and its truck. */
export const createRunSchema = z.object({
  day: z
    .string("Choose the run's day.")
    .trim()
    .refine(isCalendarDay, "Give the day as a date, such as 2026-12-01."),
  driver: z.string("Choose a driver.").trim().min(1, "Choose a driver.").max(200),
  truck: z
    .string("Give the truck's name or registration.")
    .trim()
    .min(1, "Give the truck's name or registration.")
    .max(40, "Keep the truck's name to 40 characters."),
});

/** A booked delivery put on a run or taken off it: the run and the order's number. */
export const runStopSchema = z.object({
  run: id("Choose a run."),
  order: id("Choose an order."),
});

/** A stop moved one place up or down the run's order. */
export const moveStopSchema = runStopSchema.extend({
  direction: z.enum(STOP_DIRECTIONS, "Move the stop up or down."),
});

export type CreateRunInput = z.infer<typeof createRunSchema>;
