import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { customerAddresses, invoices, laybyPlans, orders, refunds, users } from "~/db/schema";
import { customerFigures, type CustomerWho } from "./list-customers.server";
import { customerNotesAndTags } from "./customer-notes.server";
import { parseCustomerRef } from "./customer-list";
import { bookedDay } from "~/domain/orders/order-stage.server";

/** How many of a customer's orders (and their documents) the page shows, newest first. */
export const CUSTOMER_PAGE_ORDERS = 50;

/**
 * Who a customer reference names: an account by its id, or a guest by the e-mail of the order
 * the reference holds. A guest's order that has since joined an account answers that account
 * (`moved`), so an old link still finds the person.
 */
type FoundCustomer = {
  ref: string;
  /** Lower-cased: the key of their notes and tags (docs/decisions/037). */
  email: string;
  who: CustomerWho;
  account: {
    id: string;
    name: string;
    email: string;
    verified: boolean;
    createdAt: Date;
  } | null;
};

export async function findCustomer(ref: string): Promise<FoundCustomer | { moved: string } | null> {
  const parsed = parseCustomerRef(ref);
  if (!parsed) return null;
  if (parsed.kind === "account") {
    const [account] = await db()
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        verified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, parsed.userId));
    if (!account) return null;
    const email = account.email.toLowerCase();
    return { ref, email, who: { userId: account.id }, account };
  }
  const [order] = await db()
    .select({ email: orders.email, userId: orders.customerUserId })
    .from(orders)
    .where(eq(orders.number, parsed.orderNumber));
  if (!order) return null;
  if (order.userId) return { moved: `a-${order.userId}` };
  const email = order.email.toLowerCase();
  return { ref, email, who: { guestEmail: email }, account: null };
}

/**
 * Everything the customer page shows about one person; `moved` for a guest reference whose
 * orders joined an account; null when the reference names no one.
 */
export async function getCustomer(ref: string) {
  const found = await findCustomer(ref);
  if (!found || "moved" in found) return found;
  return customerPage(found);
}

async function customerPage(found: FoundCustomer) {
  const { ref, email, who, account } = found;
  const theirOrders =
    "userId" in who
      ? eq(orders.customerUserId, who.userId)
      : and(isNull(orders.customerUserId), sql`lower(${orders.email}) = ${email}`);
  const [figures, orderRows, addresses, notesAndTags] = await Promise.all([
    customerFigures(who),
    db()
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        deliveryDay: bookedDay,
        paymentStatus: orders.paymentStatus,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        address: orders.address,
        city: orders.city,
        postalCode: orders.postalCode,
      })
      .from(orders)
      .where(theirOrders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_PAGE_ORDERS),
    account
      ? db()
          .select()
          .from(customerAddresses)
          .where(eq(customerAddresses.userId, account.id))
          .orderBy(desc(customerAddresses.isDefault), customerAddresses.id)
      : Promise.resolve([]),
    customerNotesAndTags(email),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const numberOf = new Map(orderRows.map((o) => [o.id, o.number]));
  const handMade = and(isNull(invoices.orderId), sql`lower(${invoices.buyerEmail}) = ${email}`);
  const [plans, invoiceRows, refundRows] = await Promise.all([
    orderIds.length
      ? db()
          .select({
            id: laybyPlans.id,
            orderId: laybyPlans.orderId,
            status: laybyPlans.status,
            months: laybyPlans.months,
            endDay: laybyPlans.endDay,
          })
          .from(laybyPlans)
          .where(inArray(laybyPlans.orderId, orderIds))
          .orderBy(desc(laybyPlans.id))
      : Promise.resolve([]),
    db()
      .select({
        id: invoices.id,
        number: invoices.number,
        orderNumber: invoices.orderNumber,
        status: invoices.status,
        issueDate: invoices.issueDate,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(orderIds.length ? or(inArray(invoices.orderId, orderIds), handMade) : handMade)
      .orderBy(desc(invoices.issueDate), desc(invoices.id))
      .limit(CUSTOMER_PAGE_ORDERS),
    orderIds.length
      ? db()
          .select({
            id: refunds.id,
            orderId: refunds.orderId,
            kind: refunds.kind,
            amountCents: refunds.amountCents,
            status: refunds.status,
            reason: refunds.reason,
            createdAt: refunds.createdAt,
          })
          .from(refunds)
          .where(inArray(refunds.orderId, orderIds))
          .orderBy(desc(refunds.createdAt), desc(refunds.id))
      : Promise.resolve([]),
  ]);
  const latest = orderRows[0];
  return {
    ref,
    email,
    kind: account ? ("account" as const) : ("guest" as const),
    account,
    figures,
    contact: {
      name: latest ? `${latest.firstName} ${latest.lastName}`.trim() : (account?.name ?? ""),
      phone: latest?.phone ?? "",
    },
    addresses: addresses.map((a) => ({
      id: a.id,
      label: a.label,
      isDefault: a.isDefault,
      lines: [`${a.firstName} ${a.lastName}`, a.phone, a.address, `${a.city} ${a.postalCode}`],
    })),
    /** Delivery addresses their orders went to, each once (newest first). */
    deliveredTo: [
      ...new Set(orderRows.map((o) => `${o.address}, ${o.city} ${o.postalCode}`)),
    ].slice(0, 5),
    orders: orderRows.map(
      ({ id, number, status, paymentStatus, deliveryDay, totalCents, createdAt }) => ({
        id,
        number,
        status,
        deliveryDay,
        paymentStatus,
        totalCents,
        createdAt,
      }),
    ),
    laybys: plans.map((p) => ({ ...p, orderNumber: numberOf.get(p.orderId) ?? null })),
    invoices: invoiceRows,
    refunds: refundRows.map((r) => ({ ...r, orderNumber: numberOf.get(r.orderId) ?? null })),
    ...notesAndTags,
  };
}

export type CustomerPage = Awaited<ReturnType<typeof customerPage>>;
