import { z } from "zod";

/** My Account's notifications form: an unticked switch sends nothing, which means off. */
export const lowStockAlertsSchema = z.object({
  lowStockAlerts: z
    .literal("on", "Switch it on or off.")
    .optional()
    .transform((v) => v === "on"),
});
