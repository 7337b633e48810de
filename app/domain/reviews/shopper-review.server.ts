import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  orderLines,
  orders,
  productImages,
  products,
  reviewPhotos,
  reviews,
  storeSettings,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { forbidden, notFound } from "~/domain/errors";
import type { MediaStore } from "~/lib/media-store.server";
import { mediaStore } from "~/lib/configured-media-store.server";
import { refreshProductRating } from "./product-rating.server";
import { NOT_A_BUYER_MESSAGE } from "./review-messages";
import { insertReviewPhotos, discardReviewPhotos } from "./review-photos.server";
import { defaultDisplayName, type ReviewInput } from "./review-schemas";
import type { ReviewStatus } from "./review-status";
import { insertReview, withStoredPhotos } from "./write-review.server";

/*
 * A signed-in shopper's review from the product's own page (/products/:slug/review). A buyer
 * (an order of theirs completed, with a line for the product not yet reviewed) writes a
 * verified buyer's review about that line; anyone else signed in only when the settings allow
 * reviews from non-buyers, not marked verified. Their own review can be changed there: the
 * change goes back to pending, and leaves the product's figures at once if it was published.
 */

type Shopper = Pick<SessionUser, "id" | "email" | "name">;

export type OwnReview = {
  id: number;
  status: ReviewStatus;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  verifiedBuyer: boolean;
  photos: number;
};

export type ShopperReviewContext = {
  product: {
    id: number;
    title: string;
    slug: string;
    image: { mediaKey: string; alt: string; width: number; height: number } | null;
  };
  own: OwnReview | null;
  /** The line the review is about when the shopper bought the product. */
  line: { id: number; orderId: number; firstName: string; town: string } | null;
  defaultName: string;
};

async function productBySlug(executor: Tx | ReturnType<typeof db>, slug: string, lock: boolean) {
  const query = executor
    .select({ id: products.id, title: products.title, slug: products.slug })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.status, "active")));
  const [product] = lock ? await query.for("update") : await query;
  if (!product) throw notFound("That product is not in our shop.");
  return product;
}

async function ownReview(executor: Tx | ReturnType<typeof db>, userId: string, productId: number) {
  const [own] = await executor
    .select({
      id: reviews.id,
      status: reviews.status,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      displayName: reviews.displayName,
      verifiedBuyer: reviews.verifiedBuyer,
      photos: sql<number>`(select count(*)::int from ${reviewPhotos}
        where ${reviewPhotos.reviewId} = ${reviews.id})`,
    })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(1);
  return own ?? null;
}

/** A completed order's line for the product that no review names yet, the oldest first. */
async function boughtLine(executor: Tx | ReturnType<typeof db>, userId: string, productId: number) {
  const [line] = await executor
    .select({
      id: orderLines.id,
      orderId: orders.id,
      firstName: orders.firstName,
      town: orders.city,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerUserId, userId),
        eq(orders.status, "delivered"),
        eq(orderLines.productId, productId),
        sql`not exists (select 1 from ${reviews} where ${reviews.orderLineId} = ${orderLines.id})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orderLines.id))
    .limit(1);
  return line ?? null;
}

async function nonBuyersMayReview(executor: Tx | ReturnType<typeof db>) {
  const [row] = await executor
    .select({ on: storeSettings.reviewsFromNonBuyers })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return row?.on ?? false;
}

/**
 * What the shopper may do with the product's review: edit their own, write a verified buyer's,
 * or (when the settings allow) write one as a shopper who did not buy it. Refused otherwise.
 */
export async function shopperReviewContext(options: {
  shopper: Shopper;
  slug: string;
}): Promise<ShopperReviewContext> {
  const { shopper } = options;
  const product = await productBySlug(db(), options.slug, false);
  const [own, line] = await Promise.all([
    ownReview(db(), shopper.id, product.id),
    boughtLine(db(), shopper.id, product.id),
  ]);
  if (!own && !line && !(await nonBuyersMayReview(db()))) throw forbidden(NOT_A_BUYER_MESSAGE);
  const [image] = await db()
    .select({
      mediaKey: productImages.mediaKey,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, product.id))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1);
  const defaultName = line
    ? defaultDisplayName(line.firstName, line.town)
    : defaultDisplayName(shopper.name, "");
  return { product: { ...product, image: image ?? null }, own, line, defaultName };
}

/**
 * Saves the shopper's review of the product: a new one, or a change to their own (back to
 * pending). Photos chosen with a change replace the ones it had.
 */
export async function saveShopperReview(options: {
  shopper: Shopper;
  slug: string;
  input: ReviewInput;
  photos: readonly File[];
  store?: MediaStore;
}): Promise<{ reviewId: number; edited: boolean }> {
  const { shopper, input } = options;
  const store = options.store ?? mediaStore();
  // Refused before any photo is decoded; the transaction asks again with the product locked.
  await shopperReviewContext({ shopper, slug: options.slug });
  const replaced: { file: string }[] = [];
  const saved = await withStoredPhotos(options.photos, store, (photos) =>
    db().transaction(async (tx) => {
      // One write at a time per product: two submits of one shopper make one review.
      const product = await productBySlug(tx, options.slug, true);
      const own = await ownReview(tx, shopper.id, product.id);
      const words = {
        rating: input.rating,
        title: input.title,
        body: input.body,
        displayName: input.displayName,
      };
      if (own) {
        await tx
          .update(reviews)
          .set({ ...words, status: "pending", rejectReason: "", updatedAt: new Date() })
          .where(eq(reviews.id, own.id));
        if (photos.length > 0) {
          replaced.push(
            ...(await tx
              .delete(reviewPhotos)
              .where(eq(reviewPhotos.reviewId, own.id))
              .returning({ file: reviewPhotos.file })),
          );
          await insertReviewPhotos(tx, own.id, photos);
        }
        if (own.status === "published") await refreshProductRating(tx, product.id);
        await recordAudit(
          {
            action: "review_written",
            actorId: shopper.id,
            actorEmail: shopper.email,
            subject: `review:${own.id}`,
            details: {
              productId: product.id,
              rating: input.rating,
              edited: true,
              from: own.status,
            },
          },
          tx,
        );
        return { reviewId: own.id, edited: true };
      }
      const line = await boughtLine(tx, shopper.id, product.id);
      if (!line && !(await nonBuyersMayReview(tx))) throw forbidden(NOT_A_BUYER_MESSAGE);
      const reviewId = await insertReview(
        tx,
        {
          productId: product.id,
          orderId: line?.orderId ?? null,
          orderLineId: line?.id ?? null,
          userId: shopper.id,
          email: shopper.email.trim().toLowerCase(),
          ...words,
          verifiedBuyer: !!line,
        },
        photos,
        { actorId: shopper.id, actorEmail: shopper.email, via: "account" },
      );
      return { reviewId, edited: false };
    }),
  );
  // The replaced photos' files, once the change that let go of them has committed.
  if (replaced.length > 0) await discardReviewPhotos(store, replaced);
  return saved;
}
