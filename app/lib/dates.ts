/** The back office's dates: day and time in the shop's time zone (SAST). */
const DATE_TIME = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

/** "12 Oct 2026, 14:05"; loader data may carry a date as a Date or as its text. */
export function formatDateTime(value: Date | string): string {
  return DATE_TIME.format(new Date(value));
}

/**
 * Calendar days (an invoice's issue date, a purchase order's expected date) are days in the
 * shop's time zone (Africa/Johannesburg), kept as "YYYY-MM-DD" as the database's date columns
 * and `<input type="date">` hold them.
 */
const SHOP_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Johannesburg",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const DAY_SHOWN = new Intl.DateTimeFormat("en-ZA", { dateStyle: "medium", timeZone: "UTC" });

/** Today in Johannesburg: after 22:00 UTC it is already tomorrow there. */
export function shopToday(now: Date = new Date()): string {
  return SHOP_DAY.format(now);
}

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "12 Oct 2026", or "" for no date. */
export function formatDay(day: string | null | undefined): string {
  return day && isCalendarDay(day) ? DAY_SHOWN.format(new Date(`${day}T00:00:00Z`)) : "";
}
