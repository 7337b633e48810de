import { and, eq, ilike, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern, countRows, everyRow, listOrder, listPage } from "~/db/list-page.server";
import { newsletterSubscribers as subscribers } from "~/db/schema";
import type { ListParams } from "~/lib/list-params";
import type { SUBSCRIBER_LIST } from "./enquiry-lists";
import { summarizeEnquiries } from "./enquiry-summary.server";

export type SubscriberListParams = ListParams<
  (typeof SUBSCRIBER_LIST.sorts)[number],
  (typeof SUBSCRIBER_LIST.statuses)[number]
>;

const SORT_COLUMNS = {
  date: [subscribers.createdAt],
  email: [subscribers.email],
  status: [subscribers.status, subscribers.createdAt],
} as const;

function matching(params: SubscriberListParams): SQL | undefined {
  return and(
    params.status === "all" ? undefined : eq(subscribers.status, params.status),
    params.q ? ilike(subscribers.email, containsPattern(params.q)) : undefined,
  );
}

function subscriberRows(params: SubscriberListParams) {
  return ({ limit, offset }: { limit: number; offset: number }) =>
    db()
      .select({
        id: subscribers.id,
        email: subscribers.email,
        status: subscribers.status,
        createdAt: subscribers.createdAt,
        confirmedAt: subscribers.confirmedAt,
        unsubscribedAt: subscribers.unsubscribedAt,
      })
      .from(subscribers)
      .where(matching(params))
      .orderBy(...listOrder(SORT_COLUMNS[params.sort], subscribers.id, params.direction))
      .limit(limit)
      .offset(offset);
}

/** The inbox's cards, and one page of newsletter subscribers with when they gave consent. */
export async function listSubscribers(options: { params: SubscriberListParams }) {
  const { params } = options;
  const [summary, page] = await Promise.all([
    summarizeEnquiries(),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: async () => {
        const [row] = await db().select({ n: countRows }).from(subscribers).where(matching(params));
        return row?.n ?? 0;
      },
      rows: subscriberRows(params),
    }),
  ]);
  return { summary, ...page };
}

export const SUBSCRIBER_EXPORT_HEADER = ["Email", "Signed up", "Consent given"] as const;

/**
 * The newsletter's mailing list as CSV cells: confirmed subscribers only (the others gave no
 * consent, or took it back), matching the list's search, in its order.
 */
export async function* exportSubscribers(options: { params: SubscriberListParams }) {
  const params = { ...options.params, status: "confirmed" as const };
  for await (const s of everyRow(subscriberRows(params))) {
    yield [s.email, s.createdAt, s.confirmedAt] as const;
  }
}
