/**
 * A delivery day's parts as a shopper reads them, in any process time zone (the day without the
 * leading zero some ICU builds give en-ZA).
 */
const LONG_DAY = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

function dayParts(day: string) {
  const parts: Record<string, string> = {};
  for (const part of LONG_DAY.formatToParts(new Date(`${day}T00:00:00Z`))) {
    parts[part.type] = part.value;
  }
  return { weekday: parts.weekday, day: Number(parts.day), month: parts.month, year: parts.year };
}

/** "Tuesday 1 December 2026". */
export function formatLongDay(day: string): string {
  const p = dayParts(day);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** "Thursday 3 December": a delivery day among the next few offered, without its year. */
export function formatDeliveryDay(day: string): string {
  const p = dayParts(day);
  return `${p.weekday} ${p.day} ${p.month}`;
}
