import { z } from "zod";
import { THEMES } from "~/lib/theme";

/** A switch in a posted form: ticked sends "on", unticked sends nothing, which means off. */
const toggle = z
  .literal("on", "Switch it on or off.")
  .optional()
  .transform((v) => v === "on");

/** The Notifications tab: which of the shop's e-mails this staff member gets. */
export const notificationPreferencesSchema = z.object({
  newOrders: toggle,
  lowStockAlerts: toggle,
  paymentConfirmations: toggle,
  weeklyReports: toggle,
  marketingUpdates: toggle,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The Appearance tab: the back office's theme and table density for this staff member. */
export const appearancePreferencesSchema = z.object({
  theme: z.enum(THEMES, "Choose Light, Dark or System."),
  compactMode: toggle,
});
export type AppearancePreferences = z.infer<typeof appearancePreferencesSchema>;

export const NOTIFICATION_SWITCHES: readonly {
  name: keyof NotificationPreferences;
  label: string;
  hint: string;
}[] = [
  {
    name: "newOrders",
    label: "New Orders",
    hint: "An e-mail when a shopper places an order, before it is paid, with its lines and delivery address.",
  },
  {
    name: "lowStockAlerts",
    label: "Low Stock Alerts",
    hint: "An e-mail once when an item's available stock falls to its low-stock threshold, and again only after it has been restocked and falls again.",
  },
  {
    name: "paymentConfirmations",
    label: "Payment Confirmations",
    hint: "An e-mail when an order's payment is received. The shopper's own receipt is sent either way.",
  },
  {
    name: "weeklyReports",
    label: "Weekly Reports",
    hint: "Last week's sales, stock and customer figures, every Monday at 07:00 in the shop's time zone.",
  },
  {
    name: "marketingUpdates",
    label: "Marketing Updates",
    hint: "Copies of newsletters and promotion announcements. The shop sends none yet: switching this on means you get them once it does.",
  },
];
