import { addDays, shopToday } from "~/lib/dates";
import { isClosedDay, weekdayOf } from "./public-holidays";

/**
 * Which days a shopper may choose for a delivery (pure: everything comes in as input).
 *
 * - Days are Johannesburg calendar days ("YYYY-MM-DD"), whatever the process's time zone.
 * - Never a Sunday, a public holiday or one of the shop's closed days; never today.
 * - A business day is Monday to Friday, not a holiday or closed day (the Consumer Protection
 *   Act's count, as the lay-by's). The truck may still go on a Saturday when the zone says so.
 * - The counting day is today if it is a business day and the order comes before the cut-off
 *   (14:00 by default), else the next business day. When the goods reach the selling warehouse
 *   later, the counting day is the first business day on or after their arrival.
 * - Standard: the zone's weekdays, from the counting day plus the zone's lead days (in business
 *   days) on, leaving out days whose drops are all booked.
 * - Express (only where the zone allows it): the first and second business days after the
 *   counting day, whatever the zone's weekdays and lead days (the truck makes a special trip),
 *   still within the day's drops.
 */

/** A zone's rules, as the delivery zones keep them. Weekdays: 1 = Monday ... 6 = Saturday. */
export type ZoneRules = {
  id: number;
  weekdays: readonly number[];
  leadDays: number;
  dropsPerDay: number;
  express: boolean;
};

export type DeliveryKind = "standard" | "express";

/** "14:00": orders placed at or after this time in Johannesburg count from the next business day. */
export const DEFAULT_CUT_OFF = "14:00";

/** How far ahead the days offered may reach before the search gives up (a year). */
const HORIZON_DAYS = 366;

export type DaysOfferedInput = {
  now: Date;
  zone: ZoneRules;
  kind: DeliveryKind;
  /** Drops already booked per day in this zone (days not listed have none). */
  booked: ReadonlyMap<string, number>;
  /** The day the goods are in the selling warehouse, when later than today. */
  goodsReadyDay?: string | null;
  /** How many days to offer (standard); express offers at most two. */
  count?: number;
  /** "HH:MM" in Johannesburg. */
  cutOff?: string;
  /** The shop's own days off and declared holidays. */
  closedDays?: ReadonlySet<string>;
  /** Offer only days after this one (the next free day after a day that just filled up). */
  after?: string;
};

const JOHANNESBURG_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Johannesburg",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "HH:MM" of a moment on Johannesburg's clock. */
export function johannesburgTime(now: Date): string {
  return JOHANNESBURG_CLOCK.format(now);
}

export function isBusinessDay(day: string, closedDays?: ReadonlySet<string>): boolean {
  return weekdayOf(day) !== 6 && !isClosedDay(day, closedDays);
}

function nextBusinessDay(day: string, closedDays?: ReadonlySet<string>): string {
  let current = addDays(day, 1);
  while (!isBusinessDay(current, closedDays)) current = addDays(current, 1);
  return current;
}

/** `count` business days after `day` (not counting `day` itself). */
export function addBusinessDays(day: string, count: number, closed?: ReadonlySet<string>): string {
  let current = day;
  for (let left = count; left > 0; left--) current = nextBusinessDay(current, closed);
  return current;
}

/** The business day lead days and express count from (see the module's comment). */
export function countingDay(input: {
  now: Date;
  goodsReadyDay?: string | null;
  cutOff?: string;
  closedDays?: ReadonlySet<string>;
}): string {
  const today = shopToday(input.now);
  const beforeCutOff = johannesburgTime(input.now) < (input.cutOff ?? DEFAULT_CUT_OFF);
  let day =
    beforeCutOff && isBusinessDay(today, input.closedDays)
      ? today
      : nextBusinessDay(today, input.closedDays);
  const ready = input.goodsReadyDay;
  if (ready && ready > day) {
    day = isBusinessDay(ready, input.closedDays) ? ready : nextBusinessDay(ready, input.closedDays);
  }
  return day;
}

/** Whether a day's drops are all booked (a zone with no drops is always full). */
export function isFull(day: string, zone: ZoneRules, booked: ReadonlyMap<string, number>): boolean {
  return (booked.get(day) ?? 0) >= zone.dropsPerDay;
}

/**
 * The days the zone's rules allow, in order, before capacity is looked at: the candidates for
 * a booking. Ends after `limit` days or at the horizon.
 */
export function* daysByRules(input: Omit<DaysOfferedInput, "booked" | "count">) {
  const { zone, closedDays } = input;
  if (input.kind === "express" && !zone.express) return;
  const today = shopToday(input.now);
  const start = countingDay(input);
  const open = (day: string) =>
    day > today && !isClosedDay(day, closedDays) && (!input.after || day > input.after);
  if (input.kind === "express") {
    for (const day of [
      addBusinessDays(start, 1, closedDays),
      addBusinessDays(start, 2, closedDays),
    ])
      if (open(day)) yield day;
    return;
  }
  const weekdays = new Set(zone.weekdays.filter((d) => d >= 1 && d <= 6));
  if (weekdays.size === 0) return;
  let day = addBusinessDays(start, Math.max(0, zone.leadDays), closedDays);
  const last = addDays(day, HORIZON_DAYS);
  for (; day <= last; day = addDays(day, 1)) {
    if (weekdays.has(weekdayOf(day)) && open(day)) yield day;
  }
}

/** The next `count` days a shopper may choose (5 by default; express at most 2). */
export function daysOffered(input: DaysOfferedInput): string[] {
  const count = input.count ?? 5;
  const offered: string[] = [];
  if (count <= 0 || input.zone.dropsPerDay <= 0) return offered;
  for (const day of daysByRules(input)) {
    if (!isFull(day, input.zone, input.booked)) offered.push(day);
    if (offered.length >= count) break;
  }
  return offered;
}

/** Whether the rules allow a day at all (capacity aside): a booking's first check. */
export function isDayAllowed(input: Omit<DaysOfferedInput, "booked" | "count">, day: string) {
  for (const candidate of daysByRules(input)) {
    if (candidate === day) return true;
    if (candidate > day) return false;
  }
  return false;
}
