import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { orderLines, orders, reviewInvitations, reviewLinks, reviews } from "~/db/schema";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import type { MailMessage } from "~/mail/mailer.server";
import { log } from "~/lib/log.server";
import { siteUrl as defaultSiteUrl } from "~/lib/site-url.server";
import { hasOptedOut, newReviewToken, reviewTokenHash } from "./review-links.server";

/*
 * Asking buyers to review what they bought (docs/decisions/048). Completing an order (the
 * driver's "delivered", or staff marking it completed) schedules one invitation, due the
 * settings' number of days later. The job "send review invitations" sends each once it is due:
 * one e-mail per order with a link per product. An invitation is claimed by the UPDATE that sets
 * its `sent_at`, so two processes never both send it; one not sent for a reason keeps `sent_at`
 * (handled) and says why in `skipped_reason`.
 */

/** Schedules the order's invitation in the caller's transaction; an order has at most one. */
export async function scheduleReviewInvitation(
  tx: Tx,
  options: { orderId: number; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  await tx.execute(sql`
    insert into ${reviewInvitations} (order_id, due_at)
    select ${options.orderId},
           ${now.toISOString()}::timestamptz + make_interval(days => coalesce(
             (select review_invite_days from store_settings where id = 1), 7))
    on conflict (order_id) do nothing`);
}

type Claimed = typeof reviewInvitations.$inferSelect;
type Product = { lineId: number; title: string; size: string };

/** The order's lines with a product, one per product, of products not yet reviewed from it. */
async function productsToReview(orderId: number): Promise<Product[]> {
  const rows = await db()
    .selectDistinctOn([orderLines.productId], {
      lineId: orderLines.id,
      title: orderLines.title,
      size: orderLines.size,
      position: orderLines.position,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        sql`${orderLines.productId} is not null`,
        sql`not exists (select 1 from ${reviews} where ${reviews.orderId} = ${orderId}
              and ${reviews.productId} = ${orderLines.productId})`,
      ),
    )
    .orderBy(orderLines.productId, asc(orderLines.position), asc(orderLines.id));
  return rows
    .sort((a, b) => a.position - b.position || a.lineId - b.lineId)
    .map(({ lineId, title, size }) => ({ lineId, title, size }));
}

async function skip(id: number, reason: string) {
  await db()
    .update(reviewInvitations)
    .set({ skippedReason: reason })
    .where(eq(reviewInvitations.id, id));
}

/** New links for the products, replacing any unused ones a failed send left; their tokens. */
async function issueLinks(invitationId: number, products: Product[]): Promise<string[]> {
  return db().transaction(async (tx) => {
    await tx
      .delete(reviewLinks)
      .where(and(eq(reviewLinks.invitationId, invitationId), isNull(reviewLinks.usedAt)));
    const tokens = products.map(() => newReviewToken());
    await tx.insert(reviewLinks).values(
      products.map((p, i) => ({
        invitationId,
        orderLineId: p.lineId,
        tokenHash: reviewTokenHash(tokens[i]!),
      })),
    );
    return tokens;
  });
}

/** The invitation's e-mail, from its order and links alone (so it can be previewed). */
export function reviewInvitationMail(
  order: { number: number; firstName: string; email: string },
  products: readonly { title: string; size: string; url: string }[],
  stopUrl: string,
): MailMessage {
  const only = products.length === 1 ? products[0]! : null;
  const subject = only
    ? `How is your ${only.title}? Order ${order.number}`
    : `How are the goods of order ${order.number}?`;
  const opening = [
    `Dear ${order.firstName},`,
    `Thank you for buying from us. Would you tell other shoppers what you think of ${only ? `your ${only.title}` : "what you bought"}? ${only ? "The link opens" : "Each link opens"} a short form: a rating of 1 to 5 stars, a few words if you like, and up to three photos. No need to sign in.`,
  ];
  const links = products.map((p) => `${p.title} (${p.size}):\n${p.url}`);
  const closing = [
    "We read every review before it is shown, and show it with the name you choose.",
    `Would you rather not be asked again? Stop review invitations: ${stopUrl}`,
  ];
  return {
    to: order.email,
    subject,
    text: [...opening, ...links, ...closing].join("\n\n"),
    email: {
      heading: only ? `How is your ${only.title}?` : "How are your new things?",
      paragraphs: [...opening, ...(only ? [] : links)],
      ...(only ? { action: { label: `Review ${only.title}`, url: only.url } } : {}),
      after: closing,
    },
  };
}

/**
 * Sends one due invitation, once. Skipped (and never sent) when the order was cancelled or
 * refunded, its address opted out, or nothing of it is left to review. Never throws: a failed
 * send is logged and the claim handed back for the next run. Answers whether it sent.
 */
export async function sendReviewInvitation(
  invitationId: number,
  options: { now?: Date; siteUrl?: string } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const [claimed]: Claimed[] = await db()
    .update(reviewInvitations)
    .set({ sentAt: now })
    .where(
      and(
        eq(reviewInvitations.id, invitationId),
        isNull(reviewInvitations.sentAt),
        lte(reviewInvitations.dueAt, now),
      ),
    )
    .returning();
  if (!claimed) return false;
  try {
    const [order] = await db()
      .select({
        number: orders.number,
        firstName: orders.firstName,
        email: orders.email,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(eq(orders.id, claimed.orderId));
    if (!order) return false;
    if (order.status === "cancelled" || order.paymentStatus === "refunded") {
      await skip(claimed.id, `order ${order.status === "cancelled" ? "cancelled" : "refunded"}`);
      return false;
    }
    if (await hasOptedOut(order.email)) {
      await skip(claimed.id, "opted out");
      return false;
    }
    const products = await productsToReview(claimed.orderId);
    if (products.length === 0) {
      await skip(claimed.id, "nothing left to review");
      return false;
    }
    const tokens = await issueLinks(claimed.id, products);
    const origin = options.siteUrl ?? defaultSiteUrl();
    const linked = products.map((p, i) => ({ ...p, url: `${origin}/reviews/write/${tokens[i]}` }));
    const stopUrl = `${origin}/reviews/stop/${tokens[0]}`;
    await sendShopMail(() => reviewInvitationMail(order, linked, stopUrl));
    return true;
  } catch (error) {
    log.error({ err: error, order: claimed.orderId }, "Could not send a review invitation");
    await db()
      .update(reviewInvitations)
      .set({ sentAt: null })
      .where(eq(reviewInvitations.id, invitationId))
      .catch(() => undefined);
    return false;
  }
}

/** The job: sends every invitation that is due and not yet handled, the earliest first. */
export async function sendDueReviewInvitations(
  options: { now?: Date; siteUrl?: string; limit?: number } = {},
) {
  const now = options.now ?? new Date();
  const due = await db()
    .select({ id: reviewInvitations.id })
    .from(reviewInvitations)
    .where(and(isNull(reviewInvitations.sentAt), lte(reviewInvitations.dueAt, now)))
    .orderBy(asc(reviewInvitations.dueAt), asc(reviewInvitations.id))
    .limit(options.limit ?? 200);
  let sent = 0;
  for (const { id } of due) {
    if (await sendReviewInvitation(id, { ...options, now })) sent++;
  }
  return { due: due.length, sent };
}
