import { addDays } from "~/lib/dates";

/**
 * South Africa's public holidays (Public Holidays Act 36 of 1994): ten fixed days, Good Friday
 * and Family Day from Easter, and s2(1)'s rule that a holiday on a Sunday makes the Monday after
 * it a holiday too. When that Monday is a holiday already (Christmas on a Sunday: the Monday is
 * the Day of Goodwill) the Act adds nothing more; a day the President declares (s2A, an election
 * day) is not computable, so the shop gives it with its own days off as a closed day.
 * Days are Johannesburg calendar days written "YYYY-MM-DD", as the rest of the shop keeps them.
 */

/** Fixed-date public holidays: month-day and name. */
const FIXED_HOLIDAYS = [
  ["01-01", "New Year's Day"],
  ["03-21", "Human Rights Day"],
  ["04-27", "Freedom Day"],
  ["05-01", "Workers' Day"],
  ["06-16", "Youth Day"],
  ["08-09", "National Women's Day"],
  ["09-24", "Heritage Day"],
  ["12-16", "Day of Reconciliation"],
  ["12-25", "Christmas Day"],
  ["12-26", "Day of Goodwill"],
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

/** 0 = Sunday ... 6 = Saturday, of a calendar day (no time zone involved). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const byYear = new Map<number, ReadonlyMap<string, string>>();

/** A year's public holidays, day to name, with the Mondays after Sunday holidays. */
export function publicHolidaysOf(year: number): ReadonlyMap<string, string> {
  const known = byYear.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const named: [string, string][] = [
    ...FIXED_HOLIDAYS.map(([monthDay, name]): [string, string] => [`${year}-${monthDay}`, name]),
    [addDays(easter, -2), "Good Friday"],
    [addDays(easter, 1), "Family Day"],
  ];
  const holidays = new Map(named);
  for (const [day, name] of named) {
    const monday = addDays(day, 1);
    if (weekdayOf(day) === 0 && !holidays.has(monday)) holidays.set(monday, `${name} (observed)`);
  }
  const sorted = new Map([...holidays].sort(([a], [b]) => a.localeCompare(b)));
  byYear.set(year, sorted);
  return sorted;
}

/** The holiday's name, or undefined on an ordinary day. */
export function publicHolidayName(day: string): string | undefined {
  return publicHolidaysOf(Number(day.slice(0, 4))).get(day);
}

/**
 * Whether the shop is closed that day: a Sunday, a public holiday or one of `closedDays` (the
 * shop's own days off and declared holidays).
 */
export function isClosedDay(day: string, closedDays: ReadonlySet<string> = NO_DAYS): boolean {
  return weekdayOf(day) === 0 || publicHolidayName(day) !== undefined || closedDays.has(day);
}

const NO_DAYS: ReadonlySet<string> = new Set();
