import { addDays, formatDay, shopToday } from "~/lib/dates";

/**
 * A promotion runs between two calendar days in the shop's time zone, both included: from the
 * start of its start day to the end of its end day, SAST. The table keeps the two instants
 * (`starts_at`, `ends_at`, the end exclusive) that checkout compares with the time of the order
 * (orders/promotions.server.ts); either may be empty: from any time, or with no end.
 */
export type PromotionPeriod = { startsAt: Date | null; endsAt: Date | null };

/** Africa/Johannesburg is UTC+2 all year: South Africa keeps no daylight saving time. */
const SHOP_UTC_OFFSET = "+02:00";

/** The instant a shop day ("2026-12-01") begins in Johannesburg. */
export function startOfShopDay(day: string): Date {
  return new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`);
}

/** The instants of a period given as days: the start day's first moment, the end day's last. */
export function periodFromDays(startDate: string | null, endDate: string | null): PromotionPeriod {
  return {
    startsAt: startDate ? startOfShopDay(startDate) : null,
    endsAt: endDate ? startOfShopDay(addDays(endDate, 1)) : null,
  };
}

/** The shop day a period starts on, as the form and the list show it. */
export function startDayOf(startsAt: Date | null): string | null {
  return startsAt ? shopToday(startsAt) : null;
}

/** The last shop day of a period (its end is exclusive: a moment before it is that day). */
export function endDayOf(endsAt: Date | null): string | null {
  return endsAt ? shopToday(new Date(endsAt.getTime() - 1)) : null;
}

/** Where a promotion stands by its dates alone: running, not started yet, or ended. */
export type PeriodState = "running" | "scheduled" | "expired";

/**
 * The one rule checkout applies to the dates (`promotionProblem`): ended once its end has come,
 * scheduled while its start is still ahead. The list's filter and sort say the same in SQL.
 */
export function periodState(period: PromotionPeriod, now: Date = new Date()): PeriodState {
  if (period.endsAt && period.endsAt <= now) return "expired";
  if (period.startsAt && period.startsAt > now) return "scheduled";
  return "running";
}

/** "01/06/2025 – 31/08/2025", "From 01/06/2025", "Until 31/08/2025" or "Always". */
export function formatPeriod(startDay: string | null, endDay: string | null): string {
  if (startDay && endDay) return `${formatDay(startDay)} – ${formatDay(endDay)}`;
  if (startDay) return `From ${formatDay(startDay)}`;
  if (endDay) return `Until ${formatDay(endDay)}`;
  return "Always";
}
