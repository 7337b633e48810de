import { asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, products, variants } from "~/db/schema";

/**
 * The outer query's product id, written out in full: drizzle leaves columns unqualified in a
 * query without joins, and inside a subquery on variants a bare "id" would be the variant's.
 */
const outerProductId = sql.raw('"products"."id"');

/** The products page: summary cards over the whole catalogue, and the list matching `q`. */
export async function listAdminProducts(options: { q?: string } = {}) {
  const basePrice = sql<
    number | null
  >`(select min(${variants.priceCents}) from ${variants} where ${variants.productId} = ${outerProductId})`;
  const [summary] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      totalValueCents: sql<number>`coalesce(sum(${basePrice}), 0)::bigint`,
      active: sql<number>`(count(*) filter (where ${products.status} = 'active'))::int`,
      draft: sql<number>`(count(*) filter (where ${products.status} = 'draft'))::int`,
      archived: sql<number>`(count(*) filter (where ${products.status} = 'archived'))::int`,
    })
    .from(products);

  const q = options.q?.trim().slice(0, 100) ?? "";
  let where: SQL | undefined;
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = or(
      ilike(products.title, pattern),
      sql`exists (select 1 from ${variants} where ${variants.productId} = ${outerProductId} and ${variants.sku} ilike ${pattern})`,
    );
  }
  const rows = await db()
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      description: products.description,
      status: products.status,
      category: categories.name,
      priceCents: basePrice,
      costCents: sql<
        number | null
      >`(select min(${variants.costCents}) from ${variants} where ${variants.productId} = ${outerProductId})`,
      skus: sql<
        string[]
      >`coalesce((select array_agg(${variants.sku} order by ${variants.sortOrder}, ${variants.id}) from ${variants} where ${variants.productId} = ${outerProductId}), '{}')`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.title))
    .limit(500);

  const s = summary!;
  return {
    q,
    summary: {
      total: s.total,
      totalValueCents: Number(s.totalValueCents),
      active: s.active,
      draft: s.draft,
      needAttention: s.draft + s.archived,
    },
    products: rows,
  };
}
