import { addDays } from "~/lib/dates";
import { easterSunday, publicHolidaysOf, weekdayOf } from "~/domain/delivery/public-holidays";

export { easterSunday };

/**
 * South Africa's business days, as the Consumer Protection Act counts them (s1: any day other than
 * a Saturday, Sunday or public holiday). Public holidays are those of the Public Holidays Act
 * 36 of 1994 (app/domain/delivery/public-holidays.ts, the shop's one list of them).
 * Days are calendar days written "YYYY-MM-DD", as the rest of the shop keeps them.
 */

/** The public holidays of one year, with Sunday holidays moved to the Monday. */
export function publicHolidays(year: number): ReadonlySet<string> {
  return new Set(publicHolidaysOf(year).keys());
}

export function isBusinessDay(day: string): boolean {
  const dow = weekdayOf(day);
  if (dow === 0 || dow === 6) return false;
  return !publicHolidaysOf(Number(day.slice(0, 4))).has(day);
}

/** The day that is `count` business days after `day` (not counting `day` itself). */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}
