/**
 * The Reports page's periods, worked out in the shop's time zone: a period starts at midnight
 * there (not in UTC) and the quick periods run to now. The previous period is the one before,
 * cut to the same length: this month so far against the same number of days and hours of last
 * month, a custom range against as many days just before it.
 */

export const PERIOD_KEYS = [
  "today",
  "this-week",
  "this-month",
  "this-quarter",
  "this-year",
  "custom",
] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export const PERIOD_LABELS: Record<PeriodKey, string> = {
  today: "Today",
  "this-week": "This Week",
  "this-month": "This Month",
  "this-quarter": "This Quarter",
  "this-year": "This Year",
  custom: "Custom Range",
};

/** The longest custom range: two years of days, so a chart and an export stay bounded. */
export const MAX_CUSTOM_DAYS = 731;

export type ReportPeriod = {
  key: PeriodKey;
  timeZone: string;
  /** The period's first and last calendar days in the shop's zone (YYYY-MM-DD, inclusive). */
  firstDay: string;
  lastDay: string;
  start: Date;
  end: Date;
  previousStart: Date;
  previousEnd: Date;
  /** Days the period spans (a part-day counts as one). */
  days: number;
  /** How the revenue chart groups the period: by day up to a quarter, else by month. */
  bucket: "day" | "month";
};

export function isPeriodKey(value: string): value is PeriodKey {
  return (PERIOD_KEYS as readonly string[]).includes(value);
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = Number(part.value);
  return p as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** How far the zone's clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `instant`. */
export function dayIn(instant: Date, timeZone: string): string {
  const p = partsIn(instant.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The moment `day` begins in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let instant = wall - offsetAt(wall, timeZone);
  const again = wall - offsetAt(instant, timeZone);
  if (again !== instant) instant = again;
  return new Date(instant);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

export function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first of the month `months` after (or before) `day`'s month. */
function shiftMonths(day: string, months: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 10);
}

export function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS);
}

/** The Monday of `day`'s week (weeks start on Monday, as in South Africa). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDays(day, -((weekday + 6) % 7));
}

function quickStart(key: Exclude<PeriodKey, "custom">, today: string) {
  switch (key) {
    case "today":
      return { first: today, before: shiftDays(today, -1) };
    case "this-week": {
      const monday = mondayOf(today);
      return { first: monday, before: shiftDays(monday, -7) };
    }
    case "this-month": {
      const first = `${today.slice(0, 8)}01`;
      return { first, before: shiftMonths(first, -1) };
    }
    case "this-quarter": {
      const month = Number(today.slice(5, 7));
      const first = `${today.slice(0, 5)}${pad(month - ((month - 1) % 3))}-01`;
      return { first, before: shiftMonths(first, -3) };
    }
    case "this-year": {
      const first = `${today.slice(0, 4)}-01-01`;
      return { first, before: shiftMonths(first, -12) };
    }
  }
}

/**
 * A quick period (today ... this year) up to `now`, or a custom range of whole days (`from` and
 * `to` as YYYY-MM-DD, already checked by the reports schema), in `timeZone`.
 */
export function resolvePeriod(options: {
  key: PeriodKey;
  timeZone: string;
  now?: Date;
  from?: string;
  to?: string;
}): ReportPeriod {
  const { key, timeZone } = options;
  const now = options.now ?? new Date();
  let firstDay: string;
  let lastDay: string;
  let start: Date;
  let end: Date;
  let previousStart: Date;
  if (key === "custom") {
    firstDay = options.from!;
    lastDay = options.to!;
    start = startOfDayIn(firstDay, timeZone);
    end = startOfDayIn(shiftDays(lastDay, 1), timeZone);
    const length = daysBetween(firstDay, lastDay) + 1;
    previousStart = startOfDayIn(shiftDays(firstDay, -length), timeZone);
  } else {
    const today = dayIn(now, timeZone);
    const { first, before } = quickStart(key, today);
    firstDay = first;
    lastDay = today;
    start = startOfDayIn(first, timeZone);
    end = now;
    previousStart = startOfDayIn(before, timeZone);
  }
  const length = end.getTime() - start.getTime();
  const previousEnd = new Date(Math.min(previousStart.getTime() + length, start.getTime()));
  const days = daysBetween(firstDay, lastDay) + 1;
  return {
    key,
    timeZone,
    firstDay,
    lastDay,
    start,
    end,
    previousStart,
    previousEnd,
    days,
    bucket: days > 92 ? "month" : "day",
  };
}

/** The chart's buckets from the first day to the last: every day, or every month's first. */
export function periodBuckets(period: Pick<ReportPeriod, "firstDay" | "lastDay" | "bucket">) {
  const buckets: string[] = [];
  if (period.bucket === "day") {
    for (let d = period.firstDay; d <= period.lastDay; d = shiftDays(d, 1)) buckets.push(d);
  } else {
    const last = `${period.lastDay.slice(0, 8)}01`;
    for (let d = `${period.firstDay.slice(0, 8)}01`; d <= last; d = shiftMonths(d, 1)) {
      buckets.push(d);
    }
  }
  return buckets;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A chart bucket's short name: "24 Nov" for a day, "Nov 2026" for a month. */
export function bucketLabel(bucket: string, kind: ReportPeriod["bucket"]): string {
  const month = MONTHS[Number(bucket.slice(5, 7)) - 1];
  return kind === "day"
    ? `${Number(bucket.slice(8, 10))} ${month}`
    : `${month} ${bucket.slice(0, 4)}`;
}
