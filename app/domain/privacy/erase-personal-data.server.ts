import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  auditLog,
  consultationRequests,
  contactMessages,
  invoices,
  customerNotes,
  promotionRedemptions,
  customerTags,
  newsletterSubscribers,
  orders,
  payments,
  reviewInvitations,
  reviewOptOuts,
  reviewPhotos,
  reviews,
  users,
  verifications,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole } from "~/domain/auth/roles";
import { DomainError } from "~/domain/errors";
import { FULL_TAX_INVOICE_ABOVE_CENTS } from "~/domain/invoicing/invoice-amounts";
import { formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import { formatMoney } from "~/lib/money";
import {
  eraseDeliveryProofs,
  findDeliveryProofs,
  receiversOf,
} from "./delivery-proof-records.server";
import { findRefundOwed } from "./money-records.server";
import { countPersonalData, emailReference, findPersonalData } from "./personal-data.server";
import { normaliseEmail } from "./same-email";
import { scrubTimeline } from "./scrub-timeline.server";
import { mediaStore } from "~/lib/configured-media-store.server";
import { log } from "~/lib/log.server";

/** What an erased order or invoice shows where the buyer's name was. */
export const ERASED_NAME = "Erased";

/** What an erased review shows where its writer's name was; its stars stay. */
export const ERASED_REVIEWER = "A former customer";

/** Keys of a payment provider's notification that name or reach the buyer. */
const PERSONAL_PAYMENT_KEY = /name|mail|phone|cell|address/i;

export type Erasure = {
  erased: ReturnType<typeof countPersonalData>;
  /** Records kept because a law requires them, with the reason. */
  kept: { record: string; reason: string }[];
};

/**
 * Erases what the shop holds about an e-mail address (POPIA s24), in one transaction:
 * - the account goes, with its sign-in, sessions, addresses and preferences;
 * - enquiries and the newsletter subscription are deleted;
 * - orders and invoices stay for their accounting fields (Tax Administration Act s29 and VAT Act
 *   s55: five years; Companies Act s24: seven), with every personal field emptied (a business
 *   buyer's company name and VAT number too); a full tax invoice keeps the buyer's name
 *   (with the company's), address and VAT number, which VAT Act s20(4) makes part of it;
 * - proofs of delivery lose who received the goods: the name, the signature and the photo (their
 *   files removed once committed); the visit, its day and outcome stay;
 * - reviews keep their stars (the product's figures do not change) and lose the writer's name,
 *   words, photos and the shop's reply; the objection to review invitations is deleted;
 * - payment notifications lose the buyer's name, e-mail and phone; order timelines lose the name,
 *   e-mail and phone; audit entries lose the address and the network address but keep what was
 *   done; refunds, credit notes and lay-by refunds hold no personal field and stay whole.
 * Refused for a member of staff (their role goes first), while an order is still open (its
 * delivery needs the address) and while a refund is still owed (paying it back needs the person).
 * Running it again finds nothing and changes nothing.
 */
export async function erasePersonalData(options: {
  email: string;
  /** The owner answering a request, or "self" for a shopper deleting their own account. */
  actor: { id: string; email: string } | "self";
  clientAddress?: string | null;
}): Promise<Erasure> {
  const email = normaliseEmail(options.email);
  const done = await db().transaction(async (tx) => {
    const data = await findPersonalData({ email }, tx);
    if (data.account && isStaffRole(data.account.role)) {
      throw new DomainError(
        "conflict",
        "This address belongs to a member of staff: make them a customer on the Team page first.",
        { field: "email" },
      );
    }
    const open = data.orders.find((o) => o.status !== "delivered" && o.status !== "cancelled");
    if (open) {
      throw new DomainError(
        "conflict",
        `Order #${open.number} is still open: erase after it is delivered or cancelled.`,
        { field: "email" },
      );
    }

    const orderNumbers = data.orders.map((o) => o.number);
    const held = orderNumbers.length
      ? await tx
          .select({
            id: orders.id,
            number: orders.number,
            firstName: orders.firstName,
            lastName: orders.lastName,
            phone: orders.phone,
          })
          .from(orders)
          .where(inArray(orders.number, orderNumbers))
      : [];
    const owed = await findRefundOwed(
      tx,
      held.map((o) => o.id),
    );
    if (owed) throw refundOwed(owed);

    const orderIds = orderNumbers.length
      ? (
          await tx
            .update(orders)
            .set({
              firstName: ERASED_NAME,
              lastName: "",
              email: "",
              phone: "",
              companyName: "",
              vatNumber: "",
              address: "",
              complex: "",
              suburb: "",
              city: "",
              province: null,
              postalCode: "",
              deliveryMobile: "",
              accessNotes: "",
              customerUserId: null,
              updatedAt: new Date(),
            })
            .where(inArray(orders.number, orderNumbers))
            .returning({ id: orders.id })
        ).map((o) => o.id)
      : [];

    if (orderIds.length) {
      // Their promotion uses name them by e-mail: erased, the rule forgets them.
      await tx.delete(promotionRedemptions).where(inArray(promotionRedemptions.orderId, orderIds));
      const attempts = await tx
        .select({ id: payments.id, details: payments.details })
        .from(payments)
        .where(inArray(payments.orderId, orderIds));
      for (const attempt of attempts) {
        const kept = Object.fromEntries(
          Object.entries(attempt.details).filter(([key]) => !PERSONAL_PAYMENT_KEY.test(key)),
        );
        if (Object.keys(kept).length !== Object.keys(attempt.details).length) {
          await tx.update(payments).set({ details: kept }).where(eq(payments.id, attempt.id));
        }
      }
    }

    const proofs = await findDeliveryProofs(
      tx,
      held.map((o) => o.id),
    );
    const receivers = receiversOf(proofs);
    await scrubTimeline(tx, {
      email,
      orders: held.map((o) => ({ ...o, receivers })),
      erasedName: ERASED_NAME,
    });

    const kept: Erasure["kept"] = [];
    for (const invoice of data.invoices) {
      const full = invoice.totalCents > FULL_TAX_INVOICE_ABOVE_CENTS;
      await tx
        .update(invoices)
        .set(
          full
            ? { buyerEmail: "", buyerPhone: "", updatedAt: new Date() }
            : {
                buyerName: ERASED_NAME,
                buyerEmail: "",
                buyerPhone: "",
                buyerAddress: "",
                buyerVatNumber: "",
                updatedAt: new Date(),
              },
        )
        .where(eq(invoices.id, invoice.id));
      if (full) {
        kept.push({
          record: `${formatInvoiceNumber(invoice.number)}: the buyer's name, address and VAT number`,
          reason: "A full tax invoice must show them (VAT Act s20(4)) and is kept for five years.",
        });
      }
    }

    await tx
      .delete(consultationRequests)
      .where(sql`lower(${consultationRequests.email}) = ${email}`);
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
    await tx
      .delete(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
    if (orderIds.length) {
      // An invitation not sent yet goes: there is nobody left to send it to.
      await tx
        .delete(reviewInvitations)
        .where(and(inArray(reviewInvitations.orderId, orderIds), isNull(reviewInvitations.sentAt)));
    }
    const reviewIds = data.reviews.map((r) => r.id);
    if (reviewIds.length) {
      // The rating stays in the product's figures; the name, words, photos and reply go.
      await tx.delete(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewIds));
      await tx
        .update(reviews)
        .set({
          displayName: ERASED_REVIEWER,
          email: "",
          userId: null,
          title: "",
          body: "",
          reply: "",
          featured: false,
          erasedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(inArray(reviews.id, reviewIds));
    }
    await tx.delete(reviewOptOuts).where(eq(reviewOptOuts.email, email));
    await tx.delete(customerNotes).where(eq(customerNotes.email, email));
    await tx.delete(customerTags).where(eq(customerTags.email, email));

    const quoted = JSON.stringify(email).slice(1, -1);
    for (const entry of data.auditEntries) {
      const details = JSON.parse(
        JSON.stringify(entry.details).split(quoted).join("[erased]"),
      ) as Record<string, unknown>;
      await tx
        .update(auditLog)
        .set({
          actorEmail: entry.actorEmail?.toLowerCase() === email ? null : entry.actorEmail,
          ipAddress: null,
          details,
        })
        .where(eq(auditLog.id, entry.id));
    }

    // After the audit entries above, whose details were read before this changes them.
    const proofFiles = await eraseDeliveryProofs(tx, {
      proofs,
      orderNumbers,
      names: held.flatMap((o) => [`${o.firstName} ${o.lastName}`, o.phone, email]),
      erasedName: ERASED_NAME,
    });

    if (data.account) {
      await tx
        .delete(verifications)
        .where(
          or(
            eq(verifications.value, data.account.id),
            sql`strpos(lower(${verifications.identifier}), ${email}) > 0`,
          ),
        );
      // Sessions, the password, addresses, preferences and two-factor go with the account.
      await tx.delete(users).where(eq(users.id, data.account.id));
    }

    const erased = countPersonalData(data);
    await recordAudit(
      {
        action: "privacy_data_erased",
        // A shopper who deleted their own account is gone: the line names nobody.
        actorId: options.actor === "self" ? null : options.actor.id,
        actorEmail: options.actor === "self" ? null : options.actor.email,
        subject: `privacy:${emailReference(email)}`,
        ipAddress: options.clientAddress ?? null,
        details: {
          ...erased,
          kept: kept.map((k) => k.record),
          ...(options.actor === "self" ? { byTheAccountHolder: true } : {}),
        },
      },
      tx,
    );
    return {
      erased,
      kept,
      reviewFiles: data.reviews.flatMap((r) => r.photos),
      proofFiles,
    };
  });
  // The pictures' files go once the rows naming them are gone; a file left behind names nobody
  // (and the sweep of proof pictures takes those of proofs).
  await removeFiles(done.reviewFiles, "an erased review's photos");
  await removeFiles(done.proofFiles, "an erased delivery proof's signature or photo");
  return { erased: done.erased, kept: done.kept };
}

async function removeFiles(files: string[], what: string) {
  if (files.length === 0) return;
  const store = mediaStore();
  const results = await Promise.allSettled(files.map((file) => store.delete(file)));
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed > 0) log.warn({ files: failed }, `Could not remove ${what}`);
}

/** Why an erasure must wait: the refund still owed, and how it is to be paid. */
function refundOwed(owed: NonNullable<Awaited<ReturnType<typeof findRefundOwed>>>) {
  const amount = formatMoney(owed.amountCents, { cents: true });
  const what =
    owed.kind === "order"
      ? `a refund of ${amount} ${owed.status === "awaiting_provider" ? "awaiting the payment provider's answer" : "still being paid back"}`
      : `a lay-by refund of ${amount} ${
          owed.status === "failed"
            ? "that the payment provider refused, still to be paid back by hand"
            : owed.method === "cash"
              ? "still to be paid out in cash"
              : "still being paid back through the payment provider"
        }`;
  return new DomainError(
    "conflict",
    `Order #${owed.number} has ${what}: the shop needs the person's details to pay it back, so erase after it is paid.`,
    { field: "email" },
  );
}
