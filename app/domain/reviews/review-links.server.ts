import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  orderLines,
  orders,
  productImages,
  products,
  reviewInvitations,
  reviewLinks,
  reviewOptOuts,
} from "~/db/schema";
import { notFound } from "~/domain/errors";
import { FORGED_LINK_MESSAGE } from "./review-messages";

/*
 * The links an invitation e-mails: 32 random bytes each, written as base64url (43 characters);
 * the database keeps only their SHA-256, so a copy of the table opens no form.
 */

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newReviewToken = () => crypto.randomBytes(32).toString("base64url");
export const reviewTokenHash = (token: string) =>
  crypto.createHash("sha256").update(token).digest("hex");

export type ReviewLink = {
  linkId: number;
  usedAt: Date | null;
  orderId: number;
  orderNumber: number;
  orderLineId: number;
  email: string;
  firstName: string;
  town: string;
  productId: number;
  productTitle: string;
  productSlug: string;
  size: string;
  image: { mediaKey: string; alt: string; width: number; height: number } | null;
};

/** The link a token opens, with its order line and product; null for a token we never sent. */
export async function findReviewLink(token: string): Promise<ReviewLink | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db()
    .select({
      linkId: reviewLinks.id,
      usedAt: reviewLinks.usedAt,
      orderId: orders.id,
      orderNumber: orders.number,
      orderLineId: orderLines.id,
      email: orders.email,
      firstName: orders.firstName,
      town: orders.city,
      productId: products.id,
      productTitle: products.title,
      productSlug: products.slug,
      size: orderLines.size,
    })
    .from(reviewLinks)
    .innerJoin(orderLines, eq(orderLines.id, reviewLinks.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(reviewLinks.tokenHash, reviewTokenHash(token)));
  if (!row) return null;
  const [image] = await db()
    .select({
      mediaKey: productImages.mediaKey,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, row.productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1);
  return { ...row, image: image ?? null };
}

/** The e-mail address an invitation's link (any of them, used or not) was sent to. */
async function invitedAddress(token: string): Promise<string> {
  const [row] = TOKEN_SHAPE.test(token)
    ? await db()
        .select({ email: orders.email })
        .from(reviewLinks)
        .innerJoin(reviewInvitations, eq(reviewInvitations.id, reviewLinks.invitationId))
        .innerJoin(orders, eq(orders.id, reviewInvitations.orderId))
        .where(eq(reviewLinks.tokenHash, reviewTokenHash(token)))
    : [];
  if (!row) throw notFound(FORGED_LINK_MESSAGE);
  return row.email.trim().toLowerCase();
}

/** Whether the address behind a link has asked not to be invited again, for the confirm page. */
export async function optOutState(token: string): Promise<{ optedOut: boolean }> {
  const email = await invitedAddress(token);
  const [row] = await db()
    .select({ email: reviewOptOuts.email })
    .from(reviewOptOuts)
    .where(eq(reviewOptOuts.email, email));
  return { optedOut: !!row };
}

/**
 * Records that the address an invitation went to wants no more of them (POPIA s69): every
 * invitation still owed to it is skipped when its turn comes. Asking twice is no error.
 */
export async function optOutOfReviewInvitations(token: string): Promise<void> {
  const email = await invitedAddress(token);
  await db().insert(reviewOptOuts).values({ email }).onConflictDoNothing();
}

/** Whether an address (any case) has opted out. */
export async function hasOptedOut(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ n: sql<number>`1` })
    .from(reviewOptOuts)
    .where(and(eq(reviewOptOuts.email, email.trim().toLowerCase())));
  return !!row;
}
