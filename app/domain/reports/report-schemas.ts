import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";
import { daysBetween, isPeriodKey, MAX_CUSTOM_DAYS, type PeriodKey } from "./report-period";

export const PERIOD_MESSAGE = "Choose one of the periods listed.";
export const DATE_MESSAGE = "Enter a date such as 2026-12-31.";
export const END_BEFORE_START_MESSAGE = "The end date must be on or after the start date.";
export const RANGE_TOO_LONG_MESSAGE = `A custom range may span at most ${MAX_CUSTOM_DAYS} days.`;

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());

/**
 * The Reports page's and the quick reports' query: a period (this month when none is asked
 * for) and, for a custom range, its first and last days.
 */
export const reportQuerySchema = z
  .object({ period: text, from: text, to: text })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (input.period !== "" && !isPeriodKey(input.period)) issue("period", PERIOD_MESSAGE);
    if (input.period !== "custom") return;
    const fromOk = isCalendarDay(input.from);
    const toOk = isCalendarDay(input.to);
    if (!fromOk) issue("from", DATE_MESSAGE);
    if (!toOk) issue("to", DATE_MESSAGE);
    if (!fromOk || !toOk) return;
    if (input.to < input.from) issue("to", END_BEFORE_START_MESSAGE);
    else if (daysBetween(input.from, input.to) + 1 > MAX_CUSTOM_DAYS) {
      issue("to", RANGE_TOO_LONG_MESSAGE);
    }
  })
  .transform((input) => ({
    period: (input.period || "this-month") as PeriodKey,
    from: input.period === "custom" ? input.from : undefined,
    to: input.period === "custom" ? input.to : undefined,
  }));

export type ReportQuery = z.output<typeof reportQuerySchema>;
