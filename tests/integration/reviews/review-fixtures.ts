import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, products, reviewPhotos, reviews, users } from "~/db/schema";
import type { Role } from "~/domain/auth/roles";

/**
 * A review as the database holds it. There is no shopper's write path to go through here, so
 * the rows are arranged directly; the figures of a product are left to the code under test.
 */
export async function insertReview(
  productId: number,
  values: Partial<typeof reviews.$inferInsert> = {},
  photos: string[] = [],
) {
  const [row] = await db()
    .insert(reviews)
    .values({
      productId,
      email: "thandi@example.com",
      rating: 4,
      title: "Sleeps well",
      body: "Firm but kind to the back. Delivered on the day they said.",
      displayName: "Thandi from Mahikeng",
      verifiedBuyer: true,
      ...values,
    })
    .returning();
  for (const [position, file] of photos.entries()) {
    await db()
      .insert(reviewPhotos)
      .values({ reviewId: row!.id, file, width: 960, height: 720, position });
  }
  return row!;
}

/** A user row of `role` to act as (the audit line names it). */
export async function insertActor(role: Exclude<Role, "customer">, name: string) {
  const id = `${role}-${crypto.randomUUID()}`;
  const email = `${name.toLowerCase()}@test-beds.example`;
  await db().insert(users).values({ id, name, email, role });
  return { id, email, role };
}

export async function reviewOf(id: number) {
  const [row] = await db().select().from(reviews).where(eq(reviews.id, id));
  return row!;
}

/** The product's figures, as the catalogue shows them. */
export async function figuresOf(productId: number) {
  const [row] = await db()
    .select({
      rating: products.rating,
      reviewCount: products.reviewCount,
      ratingTotal: products.ratingTotal,
    })
    .from(products)
    .where(eq(products.id, productId));
  return { ...row!, rating: Number(row!.rating) };
}

/** The audit lines about one review, oldest first. */
export async function auditOf(id: number) {
  return db()
    .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.subject, `review:${id}`))
    .orderBy(auditLog.id);
}
