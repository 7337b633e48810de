import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { orders, orderSearchText } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { itemsOfOrder } from "./delivery-choices.server";
import type { QUOTE_LIST, QuoteRow } from "./quote-list";

export type QuoteParams = ListParamsOf<typeof QUOTE_LIST>;

const o = orders;
const SORT_COLUMNS = {
  placed: [o.createdAt],
  number: [o.number],
  total: [o.totalCents],
} as const;

/** Orders placed to an address outside every zone, not cancelled, whose delivery is unquoted. */
function toQuote(params: Pick<QuoteParams, "q">): SQL | undefined {
  return and(
    eq(o.paymentStatus, "awaiting_quote"),
    eq(o.status, "awaiting_payment"),
    params.q ? sql`${orderSearchText(o)} ilike ${containsPattern(params.q)}` : undefined,
  );
}

/** The Deliveries "Quotes to give" list: one page of the orders awaiting a delivery quote. */
export async function listQuotesToGive(options: { params: QuoteParams }) {
  const { params } = options;
  const page = await listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: () => countMatching(o, toQuote(params)),
    rows: sortedWindows(
      () =>
        db()
          .select({
            orderNumber: o.number,
            firstName: o.firstName,
            lastName: o.lastName,
            town: o.city,
            suburb: o.suburb,
            province: o.province,
            postalCode: o.postalCode,
            deliveryMethod: o.deliveryMethod,
            totalCents: o.totalCents,
            createdAt: o.createdAt,
            items: itemsOfOrder,
          })
          .from(o)
          .where(toQuote(params))
          .$dynamic(),
      listOrder(SORT_COLUMNS[params.sort], o.id, params.direction),
    ),
  });
  const rows: QuoteRow[] = page.rows.map((r) => ({
    orderNumber: r.orderNumber,
    customer: `${r.firstName} ${r.lastName}`.trim(),
    town: r.town,
    suburb: r.suburb,
    province: r.province,
    postalCode: r.postalCode,
    items: r.items,
    deliveryMethod: r.deliveryMethod,
    totalCents: r.totalCents,
    placedAt: r.createdAt.toISOString(),
  }));
  return { ...page, rows };
}

/** How many orders await a delivery quote, for the Deliveries tabs. */
export function countQuotesToGive(): Promise<number> {
  return countMatching(o, toQuote({ q: "" }));
}
