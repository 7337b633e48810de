import { and, eq, ilike, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { newsletterSubscribers as subscribers } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import type { SUBSCRIBER_LIST } from "./enquiry-lists";
import { summarizeEnquiries } from "./enquiry-summary.server";

export type SubscriberListParams = ListParamsOf<typeof SUBSCRIBER_LIST>;

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
  return sortedWindows(
    () =>
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
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], subscribers.id, params.direction),
  );
}

/** The inbox's cards, and one page of newsletter subscribers with when they gave consent. */
export async function listSubscribers(options: { params: SubscriberListParams }) {
  const { params } = options;
  const [summary, page] = await Promise.all([
    summarizeEnquiries(),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(subscribers, matching(params)),
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
