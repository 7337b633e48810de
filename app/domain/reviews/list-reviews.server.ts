import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countRows,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { products, reviews } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { photosOf } from "./product-reviews.server";
import { EXCERPT_LENGTH, ratingFilter, type REVIEW_LIST, type ReviewRow } from "./review-list";

export type ReviewParams = ListParamsOf<typeof REVIEW_LIST>;

const r = reviews;
const p = products;
const SORT_COLUMNS = {
  // Descending (the default): pending first, each group newest first.
  queue: [sql`(${r.status} = 'pending')`, r.createdAt],
  created: [r.createdAt],
  rating: [r.rating],
  product: [p.title],
} as const;

function matching(params: Pick<ReviewParams, "q" | "status" | "filters">): SQL | undefined {
  const rating = ratingFilter(params.filters?.rating);
  const pattern = params.q ? containsPattern(params.q) : "";
  return and(
    params.status === "all" ? undefined : eq(r.status, params.status),
    rating === null ? undefined : eq(r.rating, rating),
    pattern ? or(ilike(p.title, pattern), ilike(p.slug, pattern)) : undefined,
  );
}

/** The list's rows in its order; `text` is what of the review's words each row carries. */
function reviewRows(params: ReviewParams, text: SQL<string>) {
  return sortedWindows(
    () =>
      db()
        .select({
          id: r.id,
          productTitle: p.title,
          productSlug: p.slug,
          rating: r.rating,
          title: r.title,
          // The list: one more than is shown, to know whether the text goes on.
          start: text,
          displayName: r.displayName,
          verifiedBuyer: r.verifiedBuyer,
          status: r.status,
          rejectReason: r.rejectReason,
          reply: r.reply,
          featured: r.featured,
          createdAt: r.createdAt,
          publishedAt: r.publishedAt,
        })
        .from(r)
        .innerJoin(p, eq(p.id, r.productId))
        .where(matching(params))
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], r.id, params.direction),
  );
}

/** How many reviews the list holds for its search and filters. */
export async function countReviews(
  params: Pick<ReviewParams, "q" | "status" | "filters">,
): Promise<number> {
  const [row] = await db()
    .select({ n: countRows })
    .from(r)
    .innerJoin(p, eq(p.id, r.productId))
    .where(matching(params));
  return row?.n ?? 0;
}

/** The back office's Reviews list: one page of reviews with their product and photos. */
export async function listReviews(options: { params: ReviewParams }) {
  const { params } = options;
  const page = await listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: () => countReviews(params),
    rows: reviewRows(params, sql<string>`left(${r.body}, ${EXCERPT_LENGTH + 1})`),
  });
  const photos = await photosOf(page.rows.map((row) => row.id));
  const rows: ReviewRow[] = page.rows.map(({ start, ...row }) => ({
    ...row,
    rating: Number(row.rating),
    excerpt: start.length > EXCERPT_LENGTH ? `${start.slice(0, EXCERPT_LENGTH).trimEnd()}…` : start,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    photos: photos.get(row.id) ?? [],
  }));
  return { ...page, rows };
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** The page's cards: how many wait, are shown and were turned down. */
export async function summarizeReviews() {
  const [row] = await db()
    .select({
      pending: countWhere(eq(r.status, "pending")),
      published: countWhere(eq(r.status, "published")),
      rejected: countWhere(eq(r.status, "rejected")),
      featured: countWhere(and(eq(r.status, "published"), eq(r.featured, true))!),
    })
    .from(r);
  return row ?? { pending: 0, published: 0, rejected: 0, featured: 0 };
}

/** Reviews waiting for staff: the sidebar's count, read on every back-office page by its index. */
export async function countPendingReviews(): Promise<number> {
  const [row] = await db().select({ n: countRows }).from(r).where(eq(r.status, "pending"));
  return row?.n ?? 0;
}

export const REVIEW_EXPORT_HEADER = [
  "Written",
  "Product",
  "Rating",
  "Title",
  "Review",
  "Name Shown",
  "Verified Buyer",
  "Status",
  "Reject Reason",
  "Reply",
  "Featured",
  "Published",
] as const;

/** Every review the list's search and filters show, in its order, as CSV cells. */
export async function* exportReviews(options: { params: ReviewParams }) {
  for await (const row of everyRow(reviewRows(options.params, sql<string>`${r.body}`))) {
    yield [
      row.createdAt.toISOString(),
      row.productTitle,
      Number(row.rating),
      row.title,
      row.start,
      row.displayName,
      row.verifiedBuyer ? "yes" : "no",
      row.status,
      row.rejectReason,
      row.reply,
      row.featured ? "yes" : "no",
      row.publishedAt ? row.publishedAt.toISOString() : "",
    ] as const;
  }
}
