import { addDays } from "~/lib/dates";

/**
 * South Africa's business days, as the Consumer Protection Act counts them (s1: any day other than
 * a Saturday, Sunday or public holiday). Public holidays are those of the Public Holidays Act
 * 36 of 1994, with its rule that a holiday falling on a Sunday moves to the Monday after.
 * Days are calendar days written "YYYY-MM-DD", as the rest of the shop keeps them.
 */

/** Fixed-date public holidays, month and day. */
const FIXED_HOLIDAYS = [
  "01-01", // New Year's Day
  "03-21", // Human Rights Day
  "04-27", // Freedom Day
  "05-01", // Workers' Day
  "06-16", // Youth Day
  "08-09", // National Women's Day
  "09-24", // Heritage Day
  "12-16", // Day of Reconciliation
  "12-25", // Christmas Day
  "12-26", // Day of Goodwill
] as const;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** The public holidays of one year, with Sunday holidays moved to the Monday. */
export function publicHolidays(year: number): ReadonlySet<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const days = [
    ...FIXED_HOLIDAYS.map((monthDay) => `${year}-${monthDay}`),
    addDays(easter, -2), // Good Friday
    addDays(easter, 1), // Family Day
  ];
  const holidays = new Set(days);
  for (const day of days) {
    if (weekday(day) === 0) holidays.add(addDays(day, 1));
  }
  holidaysByYear.set(year, holidays);
  return holidays;
}

export function isBusinessDay(day: string): boolean {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  return !publicHolidays(Number(day.slice(0, 4))).has(day);
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
