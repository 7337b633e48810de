import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { orders, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { itemsOfOrder } from "~/domain/delivery/delivery-choices.server";
import { orderInvoice } from "~/domain/invoicing/invoice-document.server";
import { findOrderForAccount, shopperView } from "~/domain/orders/get-order.server";

/**
 * Guest orders placed with `email` join the account `userId`. Called only once the account's
 * address is verified: an unverified address proves nothing about who placed them. Orders that
 * already belong to an account stay where they are. Returns how many joined.
 */
export async function claimGuestOrders(userId: string, email: string): Promise<number> {
  const claimed = await db()
    .update(orders)
    .set({ customerUserId: userId, updatedAt: new Date() })
    .where(
      and(
        isNull(orders.customerUserId),
        sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`,
        sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.emailVerified} and lower(${users.email}) = ${email.trim().toLowerCase()})`,
      ),
    )
    .returning({ number: orders.number });
  if (claimed.length > 0) {
    await recordAudit({
      action: "guest_orders_joined_account",
      actorId: userId,
      subject: `user:${userId}`,
      details: { orders: claimed.map((o) => o.number) },
    });
  }
  return claimed.length;
}

/**
 * The account a new order belongs to: the signed-in shopper's, else the account whose verified
 * e-mail the guest typed, else none.
 */
export async function accountForNewOrder(
  email: string,
  signedInUserId: string | null | undefined,
  tx?: Tx,
): Promise<string | null> {
  if (signedInUserId) return signedInUserId;
  const [owner] = await (tx ?? db())
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.emailVerified, true)));
  return owner?.id ?? null;
}

/** A shopper's orders, newest first, as the account page lists them: items are units bought. */
export async function listAccountOrders(userId: string) {
  return db()
    .select({
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      items: itemsOfOrder,
    })
    .from(orders)
    .where(eq(orders.customerUserId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
}

/** One order of the shopper's account with its invoice, or undefined (not theirs, or none). */
export async function getAccountOrder(userId: string, number: number) {
  const order = await findOrderForAccount(number, userId);
  if (!order) return undefined;
  const invoice = await orderInvoice(order.id);
  return {
    order: shopperView(order),
    invoice: invoice ? { id: invoice.id, invoiceNumber: invoice.invoiceNumber } : null,
  };
}

/**
 * What a paid order's page offers a visitor who is not signed in: to create an account with the
 * order's details, or (when the e-mail has one) to sign in to it. Nothing before payment.
 */
export async function accountOfferFor(order: {
  email: string;
  paymentStatus: string;
  signedIn: boolean;
}): Promise<"sign-up" | "sign-in" | null> {
  if (order.signedIn || order.paymentStatus !== "paid") return null;
  const [existing] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, order.email.trim().toLowerCase()));
  return existing ? "sign-in" : "sign-up";
}
