import { and, eq, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  consultationRequests,
  contactMessages,
  customerNotes,
  promotionRedemptions,
  customerTags,
  newsletterSubscribers,
  orders,
  users,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { emailKey } from "~/domain/orders/promotions.server";
import { emailReference } from "./personal-data.server";
import { normaliseEmail } from "./same-email";
import type { PrivacyCorrection } from "./schemas";

/**
 * Corrects what the shop holds about an address (POPIA s24(1)(a)): the name, phone number and
 * e-mail address on the account, the orders, the enquiries and the subscription. Issued invoices
 * are left as they are: a tax invoice is corrected with a credit note and a new invoice, never by
 * editing it. Empty fields leave that detail unchanged.
 */
export async function correctPersonalData(options: {
  correction: PrivacyCorrection;
  actor: { id: string; email: string };
  clientAddress?: string | null;
}) {
  const { correction } = options;
  const email = normaliseEmail(correction.email);
  const newEmail = correction.newEmail ? normaliseEmail(correction.newEmail) : null;
  const same = (column: Parameters<typeof sql>[1]) => sql`lower(${column}) = ${email}`;
  return db().transaction(async (tx) => {
    if (newEmail && newEmail !== email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${newEmail}`);
      if (taken) {
        throw new DomainError("conflict", "Another account already uses that address.", {
          field: "newEmail",
        });
      }
    }
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(same(users.email))
      .for("update");
    const name = [correction.firstName, correction.lastName].filter(Boolean).join(" ");
    const changed = { account: 0, orders: 0, enquiries: 0, subscriptions: 0 };

    if (account && (name || newEmail)) {
      await tx
        .update(users)
        .set({
          ...(name ? { name } : {}),
          // A changed address must be confirmed again before orders join it.
          ...(newEmail && newEmail !== email ? { email: newEmail, emailVerified: false } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, account.id));
      changed.account = 1;
    }
    const orderChanges = {
      ...(correction.firstName ? { firstName: correction.firstName } : {}),
      ...(correction.lastName ? { lastName: correction.lastName } : {}),
      ...(correction.phone ? { phone: correction.phone } : {}),
      ...(newEmail ? { email: newEmail } : {}),
    };
    if (Object.keys(orderChanges).length > 0) {
      const rows = await tx
        .update(orders)
        .set({ ...orderChanges, updatedAt: new Date() })
        .where(same(orders.email))
        .returning({ id: orders.id });
      changed.orders = rows.length;
    }
    if (name || correction.phone || newEmail) {
      const consultations = await tx
        .update(consultationRequests)
        .set({
          ...(name ? { name } : {}),
          ...(correction.phone ? { phone: correction.phone } : {}),
          ...(newEmail ? { email: newEmail } : {}),
        })
        .where(same(consultationRequests.email))
        .returning({ id: consultationRequests.id });
      const messages = await tx
        .update(contactMessages)
        .set({
          ...(correction.firstName ? { firstName: correction.firstName } : {}),
          ...(correction.lastName ? { lastName: correction.lastName } : {}),
          ...(correction.phone ? { phone: correction.phone } : {}),
          ...(newEmail ? { email: newEmail } : {}),
        })
        .where(same(contactMessages.email))
        .returning({ id: contactMessages.id });
      changed.enquiries = consultations.length + messages.length;
    }
    if (newEmail && newEmail !== email) {
      const [clash] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, newEmail));
      // Two subscriptions cannot share an address: the one already under the new address stays.
      const rows = clash
        ? await tx
            .delete(newsletterSubscribers)
            .where(
              and(eq(newsletterSubscribers.email, email), ne(newsletterSubscribers.id, clash.id)),
            )
            .returning({ id: newsletterSubscribers.id })
        : await tx
            .update(newsletterSubscribers)
            .set({ email: newEmail })
            .where(eq(newsletterSubscribers.email, email))
            .returning({ id: newsletterSubscribers.id });
      changed.subscriptions = rows.length;
      // Staff's notes and tags follow the person to the new address (their customer's key);
      // a tag the new address already has stays once.
      await tx.update(customerNotes).set({ email: newEmail }).where(eq(customerNotes.email, email));
      // Their promotion uses follow too (one use per customer); a use the new address already
      // holds of the same promotion stays the one counted.
      await tx
        .update(promotionRedemptions)
        .set({ emailKey: emailKey(newEmail) })
        .where(
          and(
            eq(promotionRedemptions.emailKey, emailKey(email)),
            sql`not exists (select 1 from promotion_redemptions o where o.promotion_id = ${promotionRedemptions.promotionId} and o.email_key = ${emailKey(newEmail)})`,
          ),
        );
      await tx
        .delete(customerTags)
        .where(
          and(
            eq(customerTags.email, email),
            sql`exists (select 1 from customer_tags t where t.email = ${newEmail} and lower(t.tag) = lower("customer_tags"."tag"))`,
          ),
        );
      await tx.update(customerTags).set({ email: newEmail }).where(eq(customerTags.email, email));
    }
    await recordAudit(
      {
        action: "privacy_data_corrected",
        actorId: options.actor.id,
        actorEmail: options.actor.email,
        subject: `privacy:${emailReference(email)}`,
        ipAddress: options.clientAddress ?? null,
        details: {
          ...changed,
          fields: Object.entries(correction)
            .filter(([key, value]) => key !== "email" && value)
            .map(([key]) => key),
        },
      },
      tx,
    );
    return changed;
  });
}
