import { and, eq, ilike, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern, countRows, listOrder, listPage } from "~/db/list-page.server";
import {
  laybyInstalments,
  laybyPlans,
  orders,
  orderSearchText,
  refundParts,
  refunds,
} from "~/db/schema";
import { shopToday } from "~/lib/dates";
import type { ListParamsOf } from "~/lib/list-params";
import type { LAYBY_LIST } from "./plan-list";

export type LaybyListParams = ListParamsOf<typeof LAYBY_LIST>;

const customer = sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`;

/**
 * Per plan: what was paid (part payments included), the next due day not paid in full, and
 * what is overdue (arrears: what is left on instalments past their due day) today.
 */
function instalmentFigures(today: string) {
  return db()
    .select({
      planId: laybyInstalments.planId,
      paidCents: sql<number>`coalesce(sum(${laybyInstalments.paidCents}), 0)::int`.as("paid_cents"),
      nextDueDay: sql<
        string | null
      >`min(${laybyInstalments.dueDay}) filter (where ${laybyInstalments.paidAt} is null)`.as(
        "next_due_day",
      ),
      arrearsCents:
        sql<number>`coalesce(sum(${laybyInstalments.amountCents} - ${laybyInstalments.paidCents}) filter (where ${laybyInstalments.paidAt} is null and ${laybyInstalments.dueDay} < ${today}), 0)::int`.as(
          "arrears_cents",
        ),
      arrearsCount:
        sql<number>`(count(*) filter (where ${laybyInstalments.paidAt} is null and ${laybyInstalments.dueDay} < ${today}))::int`.as(
          "arrears_count",
        ),
    })
    .from(laybyInstalments)
    .groupBy(laybyInstalments.planId)
    .as("figures");
}

function matching(params: Pick<LaybyListParams, "q" | "status">): SQL | undefined {
  const q = params.q.replace(/^#/, "");
  return and(
    params.status !== "all" ? eq(laybyPlans.status, params.status) : undefined,
    q ? ilike(orderSearchText(orders), containsPattern(q)) : undefined,
  );
}

/**
 * The Lay-by tab: each plan with its order number, customer, total, paid so far, next due day
 * and arrears (unpaid instalments past their due day, in the shop's time zone); cards over
 * every plan. Plans are few beside orders, so the figures are summed per page.
 */
export async function listLaybyPlans(params: LaybyListParams, now = new Date()) {
  const figures = instalmentFigures(shopToday(now));
  const sorts = {
    // Plans with nothing left to pay sort after those that have.
    due: [sql`${figures.nextDueDay} is null`, sql`${figures.nextDueDay}`],
    number: [orders.number],
    customer: [sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`],
    total: [orders.totalCents],
  };
  const where = matching(params);
  const page = await listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: async () => {
      const [row] = await db()
        .select({ n: countRows })
        .from(laybyPlans)
        .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
        .where(where);
      return row?.n ?? 0;
    },
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: laybyPlans.id,
          number: orders.number,
          customer,
          email: orders.email,
          totalCents: orders.totalCents,
          status: laybyPlans.status,
          paidCents: figures.paidCents,
          nextDueDay: figures.nextDueDay,
          arrearsCents: figures.arrearsCents,
          arrearsCount: figures.arrearsCount,
        })
        .from(laybyPlans)
        .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
        .innerJoin(figures, eq(figures.planId, laybyPlans.id))
        .where(where)
        .orderBy(...listOrder(sorts[params.sort], laybyPlans.id, params.direction))
        .limit(limit)
        .offset(offset),
  });
  return { summary: await laybySummary(now), ...page };
}

/** The cards: plans being paid, those in arrears, what is still owed, cash refunds to pay out. */
export async function laybySummary(now = new Date()) {
  const figures = instalmentFigures(shopToday(now));
  const [plans] = await db()
    .select({
      active: sql<number>`(count(*) filter (where ${laybyPlans.status} = 'active'))::int`,
      inArrears: sql<number>`(count(*) filter (where ${laybyPlans.status} = 'active' and ${figures.arrearsCount} > 0))::int`,
      owedCents: sql<number>`coalesce(sum(${orders.totalCents} - ${figures.paidCents}) filter (where ${laybyPlans.status} = 'active'), 0)::int`,
    })
    .from(laybyPlans)
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .innerJoin(figures, eq(figures.planId, laybyPlans.id));
  // Parts of lay-by refunds staff pay by hand: cash for the showroom's share, or one a
  // provider refused.
  const [toPay] = await db()
    .select({
      n: countRows,
      cents: sql<number>`coalesce(sum(${refundParts.amountCents}), 0)::int`,
    })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(
      sql`${refunds.kind} = 'layby' and (${refundParts.status} = 'refused' or (${refundParts.method} = 'hand' and ${refundParts.status} = 'pending'))`,
    );
  return {
    active: plans?.active ?? 0,
    inArrears: plans?.inArrears ?? 0,
    owedCents: plans?.owedCents ?? 0,
    refundsToPay: toPay?.n ?? 0,
    refundsToPayCents: toPay?.cents ?? 0,
  };
}
