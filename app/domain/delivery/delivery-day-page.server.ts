import { loadActiveZones } from "./active-zones.server";
import { countMatching } from "~/db/list-page.server";
import { orders } from "~/db/schema";
import { deliveryChoice, type DeliveryChoice } from "./delivery-choices.server";
import { runsOfDay } from "./day-runs.server";
import { deliveryDayView } from "./delivery-day-view.server";
import { failedVisitsOfDay } from "./failed-visits.server";
import { listDrivers } from "./delivery-runs.server";
import { ordersToBookWhere } from "./orders-to-book.server";

/** How many paid orders wait for a delivery day (the "To book" tab's figure). */
export async function countOrdersToBook(): Promise<number> {
  return countMatching(orders, ordersToBookWhere({}));
}

/**
 * The day view: the day's deliveries by zone (one query) and by run, the visits the driver could
 * not make that day (on their runs too), the drivers a new run can have, the Move dialog's free
 * days for each active zone with deliveries that day (standard; a zone's express days are for
 * checkout), and the count of orders to book.
 */
export async function deliveryDayPage(options: { day: string; now?: Date }) {
  const [zones, failed, active, toBook, drivers] = await Promise.all([
    deliveryDayView({ day: options.day }),
    failedVisitsOfDay({ day: options.day }),
    loadActiveZones(),
    countOrdersToBook(),
    listDrivers(),
  ]);
  const runs = await runsOfDay({ day: options.day, zones, failed });
  const going = new Set(zones.filter((z) => z.bookings.length > 0).map((z) => z.zoneId));
  const choices: Record<number, DeliveryChoice> = {};
  await Promise.all(
    active
      .filter((zone) => going.has(zone.id))
      .map(async (zone) => {
        choices[zone.id] = await deliveryChoice(zone, "standard", options.now);
      }),
  );
  return { zones, failed, runs, drivers, choices, toBook };
}
