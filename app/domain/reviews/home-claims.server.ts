import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { brands, products, reviews } from "~/db/schema";

/** How many customer stories the home page shows at most. */
export const STORIES_SHOWN = 6;

/** A published review the owner chose to feature on the home page. */
export type CustomerStory = {
  id: number;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  verifiedBuyer: boolean;
  productTitle: string;
  productSlug: string;
};

/**
 * The figures the home page states that the shop can count: its published reviews (how many
 * and their average to one decimal, 0 when there are none) and the brands it sells (those with
 * an active product). Figures it cannot count are the owner's settings.
 */
export type HomeClaims = {
  reviewCount: number;
  averageRating: number;
  brandCount: number;
  stories: CustomerStory[];
};

const brandsOnSale = sql`(select count(*)::int from ${brands} where exists (
  select 1 from ${products}
  where ${products.brandId} = ${brands.id} and ${products.status} = 'active'))`;

/** How many brands the shop sells: those with an active product. */
export async function countBrandsOnSale(): Promise<number> {
  const result = await db().execute<{ count: number }>(sql`select ${brandsOnSale} as count`);
  return Number(result.rows[0]?.count ?? 0);
}

/** The home page's counted figures and its featured stories, in one round trip. */
export async function homeClaims(): Promise<HomeClaims> {
  const published = sql`${reviews.status} = 'published'`;
  const result = await db().execute<{
    review_count: number;
    average: number;
    brand_count: number;
    stories: CustomerStory[];
  }>(sql`
    select
      (select count(*)::int from ${reviews} where ${published}) as review_count,
      (select coalesce(round(avg(${reviews.rating}), 1), 0)::float8 from ${reviews}
        where ${published}) as average,
      ${brandsOnSale} as brand_count,
      (select coalesce(json_agg(s), '[]'::json) from (
        select ${reviews.id} as "id", ${reviews.rating} as "rating", ${reviews.title} as "title",
          ${reviews.body} as "body", ${reviews.displayName} as "displayName",
          ${reviews.verifiedBuyer} as "verifiedBuyer", ${products.title} as "productTitle",
          ${products.slug} as "productSlug"
        from ${reviews} join ${products} on ${products.id} = ${reviews.productId}
        where ${published} and ${reviews.featured} and ${products.status} = 'active'
        order by ${reviews.publishedAt} desc, ${reviews.id} desc
        limit ${STORIES_SHOWN}) s) as stories`);
  const row = result.rows[0];
  const stories = typeof row?.stories === "string" ? JSON.parse(row.stories) : row?.stories;
  return {
    reviewCount: Number(row?.review_count ?? 0),
    averageRating: Number(row?.average ?? 0),
    brandCount: Number(row?.brand_count ?? 0),
    stories: ((stories ?? []) as CustomerStory[]).map((s) => ({ ...s, rating: Number(s.rating) })),
  };
}
