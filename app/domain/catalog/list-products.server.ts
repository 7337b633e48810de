import { eq, ilike, or, sql, type SQL, and } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  countRows,
  everyRow,
  listOrder,
  listPage,
} from "~/db/list-page.server";
import { categories, products, variants } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import type { PRODUCT_LIST } from "./product-list";

export type ProductListParams = ListParamsOf<typeof PRODUCT_LIST>;

/**
 * The outer query's product id, written out in full: drizzle leaves columns unqualified in a
 * query without joins, and inside a subquery on variants a bare "id" would be the variant's.
 */
const outerProductId = sql.raw('"products"."id"');
const basePrice = sql<
  number | null
>`(select min(${variants.priceCents}) from ${variants} where ${variants.productId} = ${outerProductId})`;
const baseCost = sql<
  number | null
>`(select min(${variants.costCents}) from ${variants} where ${variants.productId} = ${outerProductId})`;

const SORT_COLUMNS = {
  created: [products.createdAt],
  name: [sql`lower(${products.title})`],
  category: [sql`lower(${categories.name})`],
  price: [basePrice],
  status: [products.status],
} as const;

function matching(params: Pick<ProductListParams, "q" | "status">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    params.status !== "all" ? eq(products.status, params.status) : undefined,
  ];
  if (params.q) {
    const pattern = containsPattern(params.q);
    conditions.push(
      or(
        ilike(products.title, pattern),
        sql`exists (select 1 from ${variants} where ${variants.productId} = ${outerProductId} and ${variants.sku} ilike ${pattern})`,
      ),
    );
  }
  return and(...conditions);
}

function productRows(params: ProductListParams) {
  return ({ limit, offset }: { limit: number; offset: number }) =>
    db()
      .select({
        id: products.id,
        title: products.title,
        slug: products.slug,
        description: products.description,
        status: products.status,
        category: categories.name,
        priceCents: basePrice,
        costCents: baseCost,
        skus: sql<
          string[]
        >`coalesce((select array_agg(${variants.sku} order by ${variants.sortOrder}, ${variants.id}) from ${variants} where ${variants.productId} = ${outerProductId}), '{}')`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(matching(params))
      .orderBy(...listOrder(SORT_COLUMNS[params.sort], products.id, params.direction))
      .limit(limit)
      .offset(offset);
}

/** The products page: summary cards over the whole catalogue, and one page of the list. */
export async function listAdminProducts(params: ProductListParams) {
  const [summary, page] = await Promise.all([
    db()
      .select({
        total: countRows,
        totalValueCents: sql<number>`coalesce(sum(${basePrice}), 0)::bigint`,
        active: sql<number>`(count(*) filter (where ${products.status} = 'active'))::int`,
        draft: sql<number>`(count(*) filter (where ${products.status} = 'draft'))::int`,
        archived: sql<number>`(count(*) filter (where ${products.status} = 'archived'))::int`,
      })
      .from(products)
      .then(([row]) => row!),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(products, matching(params)),
      rows: productRows(params),
    }),
  ]);
  return {
    summary: {
      total: summary.total,
      totalValueCents: Number(summary.totalValueCents),
      active: summary.active,
      draft: summary.draft,
      needAttention: summary.draft + summary.archived,
    },
    ...page,
  };
}

export const PRODUCT_EXPORT_HEADER = [
  "SKUs",
  "Product Name",
  "Category",
  "Description",
  "Price (ZAR)",
  "Cost (ZAR)",
  "Status",
] as const;

/** Every product the list's search and filter show, in its order, for the CSV export. */
export async function* exportProducts(params: ProductListParams) {
  for await (const p of everyRow(productRows(params))) {
    yield [
      p.skus.join(" "),
      p.title,
      p.category,
      p.description,
      p.priceCents === null ? "" : randAmount(p.priceCents),
      p.costCents === null ? "" : randAmount(p.costCents),
      p.status,
    ] as const;
  }
}
