import { formatMoney } from "~/lib/money";
import { addBusinessDays } from "./business-days";
import { LAYBY_GRACE_BUSINESS_DAYS, LAYBY_MAX_MONTHS } from "./limits";

/**
 * A lay-by plan's payments (Consumer Protection Act s62, docs/decisions/027): a deposit on the
 * day of the agreement, then the rest in equal monthly instalments over 1 to 6 months, to the
 * cent. Pure: the checkout shows it before the shopper commits, and the plan stores it.
 */

export type LaybyPayment = {
  /** 0 is the deposit; 1..months the instalments. */
  number: number;
  dueDay: string;
  amountCents: number;
};

export type LaybySchedule = {
  totalCents: number;
  payments: LaybyPayment[];
  /** The day of the last instalment: the agreed end of the plan. */
  endDay: string;
  /**
   * The day after which an unfinished plan is cancelled (60 business days after the end, the
   * shop's declared closed days not counted).
   */
  lapseDay: string;
};

export type LaybyTerms = {
  totalCents: number;
  depositCents: number;
  months: number;
  /** The day the plan is agreed, "YYYY-MM-DD" in the shop's time zone: the deposit is due then. */
  startDay: string;
  /** The shop's smallest deposit (a setting; R600 by default). */
  minDepositCents: number;
  /** Days the shop declares closed (a setting): the lapse day is counted past them. */
  closedDays?: readonly string[];
};

export type LaybyProblem =
  | { field: "total"; message: string }
  | { field: "deposit"; message: string }
  | { field: "months"; message: string };

/** How the shop names a plan's payment: "Deposit", "Instalment 2". */
export const instalmentLabel = (number: number) =>
  number === 0 ? "Deposit" : `Instalment ${number}`;

/**
 * The day after which an unfinished plan lapses: 60 business days after its last due day
 * (s62(4)), counted past weekends, public holidays and the shop's declared closed days.
 */
export function laybyLapseDay(endDay: string, closedDays: readonly string[] = []): string {
  return addBusinessDays(endDay, LAYBY_GRACE_BUSINESS_DAYS, new Set(closedDays));
}

/** The same day `months` months later, or the month's last day when it has no such day. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** What is wrong with the terms, field by field; empty when a plan can be made of them. */
export function checkLaybyTerms(terms: LaybyTerms): LaybyProblem[] {
  const { totalCents, depositCents, months, minDepositCents } = terms;
  if (totalCents <= minDepositCents) {
    return [
      {
        field: "total",
        message: `Lay-by is for orders above ${formatMoney(minDepositCents)}, the smallest deposit.`,
      },
    ];
  }
  const problems: LaybyProblem[] = [];
  if (!Number.isInteger(months) || months < 1 || months > LAYBY_MAX_MONTHS) {
    problems.push({ field: "months", message: `Choose 1 to ${LAYBY_MAX_MONTHS} months.` });
  }
  if (!Number.isInteger(depositCents) || depositCents < minDepositCents) {
    problems.push({
      field: "deposit",
      message: `The deposit must be at least ${formatMoney(minDepositCents)}.`,
    });
  } else if (problems.length === 0 && totalCents - depositCents < months) {
    problems.push({
      field: "deposit",
      message: "The deposit must leave something to pay in each month; pay in full instead.",
    });
  }
  return problems;
}

/**
 * The deposit and the instalments. The rest after the deposit is split evenly; the cents that
 * do not divide go one each to the first instalments, so no two differ by more than one cent and
 * every payment adds up to the total exactly.
 */
export function planLaybySchedule(terms: LaybyTerms): LaybySchedule {
  const problems = checkLaybyTerms(terms);
  if (problems.length > 0) throw new RangeError(problems.map((p) => p.message).join(" "));
  const { totalCents, depositCents, months, startDay } = terms;
  const rest = totalCents - depositCents;
  const base = Math.floor(rest / months);
  const extra = rest - base * months;
  const payments: LaybyPayment[] = [{ number: 0, dueDay: startDay, amountCents: depositCents }];
  for (let n = 1; n <= months; n += 1) {
    payments.push({
      number: n,
      dueDay: addMonths(startDay, n),
      amountCents: base + (n <= extra ? 1 : 0),
    });
  }
  const endDay = payments[payments.length - 1]!.dueDay;
  return {
    totalCents,
    payments,
    endDay,
    lapseDay: laybyLapseDay(endDay, terms.closedDays),
  };
}
