import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import {
  categories,
  products,
  promotionCategories,
  promotionProducts,
  promotions,
} from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import type { PROMOTION_LIST, PromotionRow } from "./promotion-list";
import { endDayOf, periodState, startDayOf } from "./promotion-period";

export type PromotionListParams = ListParamsOf<typeof PROMOTION_LIST>;

/** Ended: its end has come (periodState's rule, in SQL). */
const expiredAt = (now: Date) =>
  sql`(${promotions.endsAt} is not null and ${promotions.endsAt} <= ${now})`;
/** Not started: its start is still ahead. */
const scheduledAt = (now: Date) =>
  sql`(${promotions.startsAt} is not null and ${promotions.startsAt} > ${now})`;

function sortColumns(now: Date) {
  return {
    code: [promotions.code],
    description: [sql`lower(${promotions.description})`],
    type: [promotions.kind],
    value: [promotions.kind, promotions.value],
    // A promotion without a start date has run since it was made.
    period: [sql`coalesce(${promotions.startsAt}, ${promotions.createdAt})`, promotions.endsAt],
    usage: [promotions.usedCount, promotions.usageLimit],
    // Active before inactive when ascending; then running, scheduled, expired; then the code.
    status: [
      sql`(not ${promotions.active})`,
      sql`(case when ${expiredAt(now)} then 2 when ${scheduledAt(now)} then 1 else 0 end)`,
      promotions.code,
    ],
  } as const;
}

function matching(params: Pick<PromotionListParams, "q" | "status">, now: Date): SQL | undefined {
  const pattern = params.q ? containsPattern(params.q) : undefined;
  const status = {
    all: undefined,
    active: eq(promotions.active, true),
    inactive: eq(promotions.active, false),
    scheduled: scheduledAt(now),
    expired: expiredAt(now),
  }[params.status];
  return and(
    status,
    pattern
      ? or(ilike(promotions.code, pattern), ilike(promotions.description, pattern))
      : undefined,
  );
}

function promotionRows(params: PromotionListParams, now: Date) {
  const windows = sortedWindows(
    () =>
      db()
        .select({
          id: promotions.id,
          code: promotions.code,
          description: promotions.description,
          kind: promotions.kind,
          value: promotions.value,
          minSubtotalCents: promotions.minSubtotalCents,
          oncePerCustomer: promotions.oncePerCustomer,
          usageLimit: promotions.usageLimit,
          usedCount: promotions.usedCount,
          startsAt: promotions.startsAt,
          endsAt: promotions.endsAt,
          active: promotions.active,
        })
        .from(promotions)
        .where(matching(params, now))
        .$dynamic(),
    listOrder(sortColumns(now)[params.sort], promotions.id, params.direction),
  );
  return async (window: { limit: number; offset: number }): Promise<PromotionRow[]> => {
    const rows = await windows(window);
    const goods = await goodsOf(rows.map((r) => r.id));
    return rows.map(({ startsAt, endsAt, ...row }) => ({
      ...row,
      categories: goods.categories.get(row.id) ?? [],
      products: goods.products.get(row.id) ?? [],
      startDay: startDayOf(startsAt),
      endDay: endDayOf(endsAt),
      period: periodState({ startsAt, endsAt }, now),
    }));
  };
}

/** The goods each of these promotions is limited to, in two queries for the page. */
async function goodsOf(ids: number[]) {
  const byPromotion = <T>(rows: (T & { promotionId: number })[]) => {
    const map = new Map<number, T[]>();
    for (const { promotionId, ...rest } of rows) {
      map.set(promotionId, [...(map.get(promotionId) ?? []), rest as T]);
    }
    return map;
  };
  if (ids.length === 0) return { categories: new Map(), products: new Map() };
  const forCategories = await db()
    .select({
      promotionId: promotionCategories.promotionId,
      id: categories.id,
      name: categories.name,
    })
    .from(promotionCategories)
    .innerJoin(categories, eq(categories.id, promotionCategories.categoryId))
    .where(inArray(promotionCategories.promotionId, ids))
    .orderBy(asc(categories.name));
  const forProducts = await db()
    .select({ promotionId: promotionProducts.promotionId, id: products.id, title: products.title })
    .from(promotionProducts)
    .innerJoin(products, eq(products.id, promotionProducts.productId))
    .where(inArray(promotionProducts.promotionId, ids))
    .orderBy(asc(products.title));
  return {
    categories: byPromotion<{ id: number; name: string }>(forCategories),
    products: byPromotion<{ id: number; title: string }>(forProducts),
  };
}

/** The promotions page: one page of the list, its Scheduled and Expired judged at `now`. */
export async function listPromotions(options: { params: PromotionListParams; now?: Date }) {
  const { params, now = new Date() } = options;
  return listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: () => countMatching(promotions, matching(params, now)),
    rows: promotionRows(params, now),
  });
}

export const PROMOTION_EXPORT_HEADER = [
  "Code",
  "Description",
  "Type",
  "Value (% or Rand)",
  "Start Date",
  "End Date",
  "Used",
  "Usage Limit",
  "Status",
  "Dates",
  "Minimum Spend (Rand)",
  "Once Per Customer",
  "Only For",
] as const;

/** Every promotion the list's search and filter show, in its order, as CSV cells. */
export async function* exportPromotions(options: { params: PromotionListParams; now?: Date }) {
  const { params, now = new Date() } = options;
  for await (const p of everyRow(promotionRows(params, now))) {
    yield [
      p.code,
      p.description,
      p.kind,
      p.kind === "percentage" ? String(p.value) : randAmount(p.value),
      p.startDay ?? "",
      p.endDay ?? "",
      p.usedCount,
      p.usageLimit ?? "unlimited",
      p.active ? "active" : "inactive",
      p.period === "running" ? "" : p.period,
      p.minSubtotalCents > 0 ? randAmount(p.minSubtotalCents) : "",
      p.oncePerCustomer ? "yes" : "no",
      [...p.categories.map((c) => c.name), ...p.products.map((g) => g.title)].join("; "),
    ] as const;
  }
}
