import { easterSunday, publicHolidaysOf } from "~/domain/delivery/public-holidays";

export { easterSunday };
export { addBusinessDays, isBusinessDay } from "~/domain/delivery/delivery-days";

/**
 * South Africa's business days, as the Consumer Protection Act counts them (s1: any day other than
 * a Saturday, Sunday or public holiday), counted by the delivery days' one rule
 * (`app/domain/delivery/delivery-days.ts`): `isBusinessDay(day, closedDays)` and
 * `addBusinessDays(day, count, closedDays)`. A day the shop declares closed (Settings, lay-by:
 * an election day, its own days off) is no business day either, so a lay-by's grace runs past it
 * and never ends earlier than the Act's count. Public holidays are those of the Public Holidays
 * Act 36 of 1994 (app/domain/delivery/public-holidays.ts, the shop's one list of them).
 * Days are calendar days written "YYYY-MM-DD", as the rest of the shop keeps them.
 */

/** The public holidays of one year, with Sunday holidays moved to the Monday. */
export function publicHolidays(year: number): ReadonlySet<string> {
  return new Set(publicHolidaysOf(year).keys());
}
