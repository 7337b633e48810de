import { addDays, shopToday } from "~/lib/dates";

/** When goods ordered today from a supplier with this lead time are expected. */
export function expectedDateFor(leadTimeDays: number, now: Date = new Date()): string {
  return addDays(shopToday(now), leadTimeDays);
}
