import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products, reviews } from "~/db/schema";

/**
 * Works out a product's rating, review count and star total from its published reviews, inside
 * the transaction that changed one. The catalogue's version goes up with the row (its
 * triggers), so cached listings and pages show the new figures on the next request.
 */
export async function refreshProductRating(tx: Tx, productId: number): Promise<void> {
  const [figures] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")));
  const count = figures?.count ?? 0;
  const total = figures?.total ?? 0;
  await tx
    .update(products)
    .set({
      reviewCount: count,
      ratingTotal: total,
      rating: count === 0 ? 0 : Math.round((total / count) * 10) / 10,
    })
    .where(eq(products.id, productId));
}
