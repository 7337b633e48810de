import type { Tx } from "~/db/client.server";
import { laybyInstalments, laybyPlans } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { cappedChargeBasisPoints } from "./cancellation";
import { checkLaybyTerms, planLaybySchedule, type LaybyProblem } from "./schedule";

/** The checkout form's names for the fields a lay-by problem belongs to. */
export const LAYBY_FIELDS = {
  total: "plan",
  deposit: "laybyDeposit",
  months: "laybyMonths",
} as const satisfies Record<LaybyProblem["field"], string>;

/** The terms cannot make a plan: the first problem, by its field of the checkout form. */
export function laybyTermsError(problems: LaybyProblem[]): DomainError {
  const first = problems[0]!;
  return new DomainError("invalid", first.message, {
    title: "Please check the lay-by",
    field: LAYBY_FIELDS[first.field],
  });
}

/**
 * Creates an order's lay-by plan (awaiting its deposit) and its instalments as agreed, in the
 * transaction that places the order. The schedule is computed again here from the order's own
 * total; the charge is the shop's setting, capped at 1% (regulation 34) whatever is stored.
 */
export async function createLaybyPlan(
  tx: Tx,
  options: {
    orderId: number;
    totalCents: number;
    depositCents: number;
    months: number;
    startDay: string;
    minDepositCents: number;
    chargeBasisPoints: number;
    /** The shop's declared closed days: the lapse day is counted past them. */
    closedDays?: readonly string[];
  },
) {
  const terms = {
    totalCents: options.totalCents,
    depositCents: options.depositCents,
    months: options.months,
    startDay: options.startDay,
    minDepositCents: options.minDepositCents,
    closedDays: options.closedDays,
  };
  const problems = checkLaybyTerms(terms);
  if (problems.length > 0) throw laybyTermsError(problems);
  const schedule = planLaybySchedule(terms);
  const [plan] = await tx
    .insert(laybyPlans)
    .values({
      orderId: options.orderId,
      depositCents: options.depositCents,
      months: options.months,
      chargeBasisPoints: cappedChargeBasisPoints(options.chargeBasisPoints),
      startDay: options.startDay,
      endDay: schedule.endDay,
      lapseDay: schedule.lapseDay,
    })
    .returning();
  if (!plan) throw new Error("The lay-by plan was not saved.");
  const instalments = await tx
    .insert(laybyInstalments)
    .values(schedule.payments.map((p) => ({ planId: plan.id, ...p })))
    .returning();
  return { plan, instalments };
}
