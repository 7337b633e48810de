import {
  addressLines,
  deliveryContactLines,
  type DeliveryContact,
  type PostalAddress,
} from "~/domain/addresses/format-address";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  auditLog,
  consultationRequests,
  customerNotes,
  customerTags,
  contactMessages,
  customerAddresses,
  invoices,
  laybyInstalments,
  laybyPlans,
  newsletterSubscribers,
  orderEvents,
  orderLines,
  orders,
  payments,
  sessions,
  users,
} from "~/db/schema";
import { findDeliveryProofs } from "./delivery-proof-records.server";
import { findInvoiceDetails, findLaybyRefunds, findOrderRefunds } from "./money-records.server";
import { reviewsBy } from "./review-records.server";
import { normaliseEmail, sameEmail } from "./same-email";

/**
 * Everything the shop holds about one e-mail address (POPIA s23: the person's right to know what
 * is held, and s24: to have it corrected or erased), found the same way for the owner's privacy
 * page, the export and the erasure. Secrets are never part of it: no password hashes, session
 * or order tokens, two-factor secrets or newsletter tokens.
 */

/** What the audit log keeps of the address a request was about: never the address itself. */
export function emailReference(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex").slice(0, 16);
}

export async function findPersonalData(options: { email: string }, tx?: Tx) {
  const q = tx ?? db();
  const email = normaliseEmail(options.email);
  const [account] = await q
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(sameEmail(users.email, email))
    .limit(1);

  const orderRows = await q
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      companyName: orders.companyName,
      vatNumber: orders.vatNumber,
      address: orders.address,
      complex: orders.complex,
      suburb: orders.suburb,
      city: orders.city,
      province: orders.province,
      postalCode: orders.postalCode,
      deliveryMobile: orders.deliveryMobile,
      accessNotes: orders.accessNotes,
      deliveryMethod: orders.deliveryMethod,
      paymentMethod: orders.paymentMethod,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      deliveryCents: orders.deliveryCents,
      removalCents: orders.removalCents,
      assemblyCents: orders.assemblyCents,
      vatCents: orders.vatCents,
      totalCents: orders.totalCents,
      promotionCode: orders.promotionCode,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(
      account
        ? or(sameEmail(orders.email, email), eq(orders.customerUserId, account.id))
        : sameEmail(orders.email, email),
    )
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);

  const [lines, orderPayments, events, invoiceRows, plans, orderRefunds, proofs] = orderIds.length
    ? await Promise.all([
        q
          .select({
            orderId: orderLines.orderId,
            title: orderLines.title,
            size: orderLines.size,
            sku: orderLines.sku,
            quantity: orderLines.quantity,
            unitPriceCents: orderLines.unitPriceCents,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds)),
        q
          .select({
            orderId: payments.orderId,
            provider: payments.provider,
            method: payments.method,
            amountCents: payments.amountCents,
            status: payments.status,
            cardBrand: payments.cardBrand,
            cardLast4: payments.cardLast4,
            details: payments.details,
            createdAt: payments.createdAt,
          })
          .from(payments)
          .where(inArray(payments.orderId, orderIds)),
        q
          .select({
            orderId: orderEvents.orderId,
            type: orderEvents.type,
            message: orderEvents.message,
            createdAt: orderEvents.createdAt,
          })
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, orderIds)),
        findInvoices(q, email, orderIds),
        findLaybyPlans(q, orderIds),
        findOrderRefunds(q, orderIds),
        findDeliveryProofs(q, orderIds),
      ])
    : [[], [], [], await findInvoices(q, email, []), [], [], []];
  const invoiceDetails = await findInvoiceDetails(
    q,
    invoiceRows.map((i) => i.id),
  );

  const [addresses, sessionCount, consultations, messages, subscriber, auditEntries, staffNotes] =
    await Promise.all([
      account
        ? q
            .select({
              label: customerAddresses.label,
              firstName: customerAddresses.firstName,
              lastName: customerAddresses.lastName,
              phone: customerAddresses.phone,
              address: customerAddresses.address,
              complex: customerAddresses.complex,
              suburb: customerAddresses.suburb,
              city: customerAddresses.city,
              province: customerAddresses.province,
              postalCode: customerAddresses.postalCode,
              deliveryMobile: customerAddresses.deliveryMobile,
              accessNotes: customerAddresses.accessNotes,
              isDefault: customerAddresses.isDefault,
            })
            .from(customerAddresses)
            .where(eq(customerAddresses.userId, account.id))
        : [],
      account
        ? q
            .select({ n: sql<number>`count(*)::int` })
            .from(sessions)
            .where(eq(sessions.userId, account.id))
            .then((r) => r[0]?.n ?? 0)
        : 0,
      q
        .select({
          id: consultationRequests.id,
          name: consultationRequests.name,
          email: consultationRequests.email,
          phone: consultationRequests.phone,
          consultationType: consultationRequests.consultationType,
          message: consultationRequests.message,
          createdAt: consultationRequests.createdAt,
        })
        .from(consultationRequests)
        .where(sameEmail(consultationRequests.email, email)),
      q
        .select({
          id: contactMessages.id,
          firstName: contactMessages.firstName,
          lastName: contactMessages.lastName,
          email: contactMessages.email,
          phone: contactMessages.phone,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(sameEmail(contactMessages.email, email)),
      q
        .select({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
          createdAt: newsletterSubscribers.createdAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
          unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        })
        .from(newsletterSubscribers)
        .where(sameEmail(newsletterSubscribers.email, email))
        .then((r) => r[0] ?? null),
      q
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          actorEmail: auditLog.actorEmail,
          subject: auditLog.subject,
          ipAddress: auditLog.ipAddress,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(auditNaming(email, account?.id ?? null))
        .orderBy(asc(auditLog.at)),
      staffNotesAbout(q, email),
    ]);
  const written = await reviewsBy(q, email, account?.id ?? null);

  const byOrder = <T extends { orderId: number }>(rows: T[], id: number) =>
    rows.filter((r) => r.orderId === id).map(({ orderId: _, ...rest }) => rest);
  const byInvoice = <T extends { invoiceId: number }>(rows: T[], id: number) =>
    rows.filter((r) => r.invoiceId === id).map(({ invoiceId: _, ...rest }) => rest);
  return {
    email,
    account: account
      ? { ...account, addresses: addresses.map(withPrintedAddress), sessions: sessionCount }
      : null,
    orders: orderRows.map(({ id, ...order }) => ({
      ...withPrintedAddress(order),
      lines: byOrder(lines, id),
      payments: byOrder(orderPayments, id),
      events: byOrder(events, id),
      laybyPlan: byOrder(plans, id)[0] ?? null,
      refunds: byOrder(orderRefunds, id),
      deliveryProofs: byOrder(proofs, id),
    })),
    invoices: invoiceRows.map((invoice) => ({
      ...invoice,
      lines: byInvoice(invoiceDetails.lines, invoice.id),
      creditNotes: byInvoice(invoiceDetails.notes, invoice.id),
    })),
    consultations,
    messages,
    subscriber,
    auditEntries,
    staffNotes,
    reviews: written.reviews,
    reviewOptOut: written.optOut,
  };
}

/** The address as the shop prints it, beside its parts, so the download reads as the pages do. */
function withPrintedAddress<T extends PostalAddress & DeliveryContact>(row: T) {
  return { ...row, printedAddress: [...addressLines(row), ...deliveryContactLines(row)] };
}

/** What staff wrote about the person on their customer page: notes and tags, with who and when. */
async function staffNotesAbout(q: Tx | ReturnType<typeof db>, email: string) {
  const [notes, tags] = await Promise.all([
    q
      .select({
        body: customerNotes.body,
        writtenBy: customerNotes.authorEmail,
        at: customerNotes.createdAt,
      })
      .from(customerNotes)
      .where(eq(customerNotes.email, email))
      .orderBy(asc(customerNotes.createdAt)),
    q
      .select({
        tag: customerTags.tag,
        addedBy: customerTags.authorEmail,
        at: customerTags.createdAt,
      })
      .from(customerTags)
      .where(eq(customerTags.email, email))
      .orderBy(asc(customerTags.createdAt)),
  ]);
  return { notes, tags };
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

/** How many records of each kind were found, for the owner's page. */
export function countPersonalData(data: PersonalData) {
  return {
    account: data.account ? 1 : 0,
    addresses: data.account?.addresses.length ?? 0,
    orders: data.orders.length,
    deliveryProofs: data.orders.reduce((n, o) => n + o.deliveryProofs.length, 0),
    invoices: data.invoices.length,
    consultations: data.consultations.length,
    messages: data.messages.length,
    subscriptions: data.subscriber ? 1 : 0,
    auditEntries: data.auditEntries.length,
    staffNotes: data.staffNotes.notes.length + data.staffNotes.tags.length,
    reviews: data.reviews.length + (data.reviewOptOut ? 1 : 0),
  };
}

/** Audit entries by the person, about their account, or whose details carry the address. */
export function auditNaming(email: string, userId: string | null): SQL {
  const conditions: SQL[] = [
    sql`lower(${auditLog.actorEmail}) = ${email}`,
    sql`strpos(lower(${auditLog.details}::text), ${JSON.stringify(email).slice(1, -1)}) > 0`,
  ];
  if (userId) {
    conditions.push(eq(auditLog.actorId, userId), eq(auditLog.subject, `user:${userId}`));
  }
  return or(...conditions)!;
}

function findInvoices(q: Tx | ReturnType<typeof db>, email: string, orderIds: number[]) {
  return q
    .select({
      id: invoices.id,
      number: invoices.number,
      orderNumber: invoices.orderNumber,
      status: invoices.status,
      issueDate: invoices.issueDate,
      buyerName: invoices.buyerName,
      buyerEmail: invoices.buyerEmail,
      buyerPhone: invoices.buyerPhone,
      buyerAddress: invoices.buyerAddress,
      buyerVatNumber: invoices.buyerVatNumber,
      totalCents: invoices.totalCents,
      vatCents: invoices.vatCents,
    })
    .from(invoices)
    .where(
      orderIds.length
        ? or(sameEmail(invoices.buyerEmail, email), inArray(invoices.orderId, orderIds))
        : and(sameEmail(invoices.buyerEmail, email)),
    )
    .orderBy(asc(invoices.number));
}

/** Each lay-by order's plan with its schedule: what was agreed, paid and refunded. */
async function findLaybyPlans(q: Tx | ReturnType<typeof db>, orderIds: number[]) {
  const plans = await q
    .select({
      id: laybyPlans.id,
      orderId: laybyPlans.orderId,
      status: laybyPlans.status,
      depositCents: laybyPlans.depositCents,
      months: laybyPlans.months,
      chargeBasisPoints: laybyPlans.chargeBasisPoints,
      startDay: laybyPlans.startDay,
      endDay: laybyPlans.endDay,
      cancelledAt: laybyPlans.cancelledAt,
      cancelReason: laybyPlans.cancelReason,
      chargeCents: laybyPlans.chargeCents,
      refundCents: laybyPlans.refundCents,
    })
    .from(laybyPlans)
    .where(inArray(laybyPlans.orderId, orderIds));
  if (plans.length === 0) return [];
  const planIds = plans.map((p) => p.id);
  const paidBack = await findLaybyRefunds(q, planIds);
  const instalments = await q
    .select({
      planId: laybyInstalments.planId,
      number: laybyInstalments.number,
      dueDay: laybyInstalments.dueDay,
      amountCents: laybyInstalments.amountCents,
      paidAt: laybyInstalments.paidAt,
    })
    .from(laybyInstalments)
    .where(inArray(laybyInstalments.planId, planIds))
    .orderBy(asc(laybyInstalments.number));
  return plans.map(({ id, ...plan }) => ({
    ...plan,
    instalments: instalments
      .filter((i) => i.planId === id)
      .map(({ planId: _, ...instalment }) => instalment),
    refunds: paidBack.filter((r) => r.planId === id).map(({ planId: _, ...refund }) => refund),
  }));
}
