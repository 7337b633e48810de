/**
 * The back office's dates, written as the shop's settings say (General: time zone and date
 * format). The settings are the shop's, not a visitor's: every read of the store settings on the
 * server (`getStoreSettings`) and the back office's layout in the browser hand them to
 * `configureDates`, so a saved change shows on the next request of every process.
 */

/**
 * The time zones the General tab lists. The shop keeps its days in Johannesburg's: an invoice's
 * date, "today", a delivery day and every report's and the VAT summary's periods. So that is the
 * one zone offered; the specification's ET/CT/MT/PT are listed as not available, never a setting
 * that would show moments in one zone beside days counted in another (docs/decisions/052).
 */
export const TIME_ZONES = [
  { value: "Africa/Johannesburg", label: "South Africa Standard Time (SAST)", available: true },
  { value: "America/New_York", label: "Eastern Time (ET): not available", available: false },
  { value: "America/Chicago", label: "Central Time (CT): not available", available: false },
  { value: "America/Denver", label: "Mountain Time (MT): not available", available: false },
  { value: "America/Los_Angeles", label: "Pacific Time (PT): not available", available: false },
] as const;
/** A zone the shop honours: the one its days are counted in. */
export type TimeZone = Extract<(typeof TIME_ZONES)[number], { available: true }>["value"];

export const TIME_ZONE_MESSAGE =
  "The shop keeps its days in South African time (SAST): orders, invoices, deliveries and reports are dated by it.";

/** The specification's three ways of writing a day. */
export const DATE_FORMATS = ["DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export type DateSettings = { timeZone: TimeZone; dateFormat: DateFormat };
export const DEFAULT_DATE_SETTINGS: DateSettings = {
  timeZone: "Africa/Johannesburg",
  dateFormat: "DD/MM/YYYY",
};

export function isTimeZone(value: string): value is TimeZone {
  return TIME_ZONES.some((zone) => zone.available && zone.value === value);
}

export function isDateFormat(value: string): value is DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(value);
}

/** The settings as stored, with anything unknown (an older row) read as the default. */
export function dateSettingsOf(row: { timezone: string; dateFormat: string }): DateSettings {
  return {
    timeZone: isTimeZone(row.timezone) ? row.timezone : DEFAULT_DATE_SETTINGS.timeZone,
    dateFormat: isDateFormat(row.dateFormat) ? row.dateFormat : DEFAULT_DATE_SETTINGS.dateFormat,
  };
}

let current: DateSettings = DEFAULT_DATE_SETTINGS;
let dayAndTime = partsFormatter(current.timeZone);

function partsFormatter(timeZone: string) {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

/** Makes every date written from now on follow these settings (the shop's, for everyone). */
export function configureDates(settings: DateSettings): void {
  if (settings.timeZone !== current.timeZone) dayAndTime = partsFormatter(settings.timeZone);
  current = settings;
}

export function currentDateSettings(): DateSettings {
  return current;
}

function writeDay(year: string, month: string, day: string, format: DateFormat): string {
  if (format === "MM/DD/YYYY") return `${month}/${day}/${year}`;
  if (format === "YYYY-MM-DD") return `${year}-${month}-${day}`;
  return `${day}/${month}/${year}`;
}

/** "24/11/2026, 14:05" in the shop's zone and format; loader data may carry a Date or its text. */
export function formatDateTime(value: Date | string): string {
  const parts: Record<string, string> = {};
  for (const part of dayAndTime.formatToParts(new Date(value))) parts[part.type] = part.value;
  const day = writeDay(parts.year!, parts.month!, parts.day!, current.dateFormat);
  return `${day}, ${parts.hour}:${parts.minute}`;
}

/**
 * Calendar days (an invoice's issue date, a purchase order's expected date) are days in the
 * shop's trading zone (Africa/Johannesburg, where it sells and delivers), kept as "YYYY-MM-DD" as
 * the database's date columns and `<input type="date">` hold them. It is the one zone the time
 * zone setting offers, so moments are shown in the zone their days are counted in.
 */
const SHOP_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Johannesburg",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * "2026-11-01 10:00 +02:00": a moment on a zone's clock, with the offset, for a CSV that a
 * spreadsheet sorts and a reader cannot mistake for UTC.
 */
export function localDateTime(value: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "longOffset",
  });
  for (const part of format.formatToParts(value)) parts[part.type] = part.value;
  const offset = parts.timeZoneName!.replace("GMT", "") || "+00:00";
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${offset}`;
}

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

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "12/10/2026" (in the shop's date format), or "" for no date. */
export function formatDay(day: string | null | undefined): string {
  if (!day || !isCalendarDay(day)) return "";
  return writeDay(day.slice(0, 4), day.slice(5, 7), day.slice(8, 10), current.dateFormat);
}
