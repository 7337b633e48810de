/**
 * The day each legal text last changed (YYYY-MM-DD). Change the date in the same edit as the
 * text: the page shows it as "Last updated", so it must say when the wording changed, not today.
 */
export const POLICY_LAST_CHANGED = {
  privacy: "2026-11-24",
  terms: "2026-11-24",
} as const;

export type PolicyName = keyof typeof POLICY_LAST_CHANGED;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * "2026-11-22" as "22 November 2026", the South African way. Done by hand rather than with
 * Intl so the server and the browser always render the same text.
 */
export function formatPolicyDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const [, year, month, day] = match ?? [];
  const monthName = MONTHS[Number(month) - 1];
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (!year || !monthName || !day || date.getUTCDate() !== Number(day)) {
    throw new Error(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  }
  return `${Number(day)} ${monthName} ${year}`;
}
