import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { products, reviews } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { forbidden, invalid, notFound } from "~/domain/errors";
import { notifyQuietly } from "~/domain/leads/shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailMessage } from "~/mail/mailer.server";
import { refreshProductRating } from "./product-rating.server";
import { canMoveReview, REVIEW_STATUS_LABELS, type ReviewStatus } from "./review-status";

type Actor = Pick<SessionUser, "id" | "email">;
type Review = typeof reviews.$inferSelect;

async function lockReview(tx: Tx, id: number): Promise<Review> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  if (!row) throw notFound("That review no longer exists.");
  return row;
}

function refuseMove(from: ReviewStatus, to: ReviewStatus): never {
  throw invalid(
    `A ${REVIEW_STATUS_LABELS[from].toLowerCase()} review cannot be ${to === "published" ? "published" : "rejected"} again.`,
  );
}

/** Publishes a review: it shows on the product at once, and the product's figures count it. */
export async function publishReview(options: { id: number; actor: Actor }) {
  const { id, actor } = options;
  return db().transaction(async (tx) => {
    const before = await lockReview(tx, id);
    if (!canMoveReview(before.status, "published")) refuseMove(before.status, "published");
    const now = new Date();
    await tx
      .update(reviews)
      .set({ status: "published", rejectReason: "", publishedAt: now, updatedAt: now })
      .where(eq(reviews.id, id));
    await refreshProductRating(tx, before.productId);
    await recordAudit(
      {
        action: "review_published",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `review:${id}`,
        details: { productId: before.productId, rating: before.rating, from: before.status },
      },
      tx,
    );
  });
}

/**
 * Rejects a review with the reason its writer is told by e-mail; a published one leaves the
 * product's figures (and the home page, if it was featured) at once.
 */
export async function rejectReview(options: { id: number; reason: string; actor: Actor }) {
  const { id, actor } = options;
  const reason = options.reason.trim();
  if (!reason) throw invalid("Say why the review is rejected: its writer is told.", "reason");
  const rejected = await db().transaction(async (tx) => {
    const before = await lockReview(tx, id);
    if (!canMoveReview(before.status, "rejected")) refuseMove(before.status, "rejected");
    await tx
      .update(reviews)
      .set({ status: "rejected", rejectReason: reason, featured: false, updatedAt: new Date() })
      .where(eq(reviews.id, id));
    if (before.status === "published") await refreshProductRating(tx, before.productId);
    await recordAudit(
      {
        action: "review_rejected",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `review:${id}`,
        details: { productId: before.productId, reason, from: before.status },
      },
      tx,
    );
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, before.productId));
    return { review: before, productTitle: product?.title ?? "your product" };
  });
  const { review, productTitle } = rejected;
  if (review.email) {
    await notifyQuietly("review rejection", (shop) =>
      reviewRejectedMail(
        { to: review.email, displayName: review.displayName, productTitle, reason },
        shop,
      ),
    );
  }
}

/** Tells a review's writer why it was not published. */
export function reviewRejectedMail(
  input: { to: string; displayName: string; productTitle: string; reason: string },
  shop: Pick<StoreSettings, "phone">,
): MailMessage {
  const { displayName, productTitle, reason } = input;
  const thanks = `Thank you for reviewing ${productTitle}. We could not publish your review, for this reason:`;
  const again = `If you would like to write it again, reply to this e-mail or contact us on ${shop.phone}.`;
  return {
    to: input.to,
    subject: `Your review of ${productTitle}`,
    text: [`Dear ${displayName},`, thanks, reason, again].join("\n\n"),
    email: {
      heading: `Your review of ${productTitle}`,
      paragraphs: [`Dear ${displayName},`, thanks, reason, again],
    },
  };
}

/** The shop's public answer under a review ("" takes it away). */
export async function replyToReview(options: { id: number; reply: string; actor: Actor }) {
  const { id, actor } = options;
  const reply = options.reply.trim();
  if (reply.length > 2000) throw invalid("Keep the reply under 2,000 characters.", "reply");
  await db().transaction(async (tx) => {
    const before = await lockReview(tx, id);
    await tx
      .update(reviews)
      .set({ reply, repliedAt: reply ? new Date() : null, updatedAt: new Date() })
      .where(eq(reviews.id, id));
    // No figure changes: the product page reads the reply with its reviews, and the render
    // cache keys a page by that data, so the catalogue's version (every listing) is left alone.
    await recordAudit(
      {
        action: "review_replied",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `review:${id}`,
        details: { productId: before.productId, reply },
      },
      tx,
    );
  });
}

/** The owner's choice of the published reviews the home page's customer stories show. */
export async function setReviewFeatured(options: {
  id: number;
  featured: boolean;
  actor: Actor & Pick<SessionUser, "role">;
}) {
  const { id, featured, actor } = options;
  if (actor.role !== "owner")
    throw forbidden("Only the owner chooses the reviews the home page features.");
  await db().transaction(async (tx) => {
    const before = await lockReview(tx, id);
    if (featured && before.status !== "published")
      throw invalid("Only a published review can be featured on the home page.");
    if (before.featured === featured) return;
    await tx.update(reviews).set({ featured, updatedAt: new Date() }).where(eq(reviews.id, id));
    await recordAudit(
      {
        action: featured ? "review_featured" : "review_unfeatured",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `review:${id}`,
        details: { productId: before.productId },
      },
      tx,
    );
  });
}
