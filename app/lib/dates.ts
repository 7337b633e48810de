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
