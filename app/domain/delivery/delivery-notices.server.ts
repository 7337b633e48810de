import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryNotices, orders } from "~/db/schema";
import { addressLines, deliveryContactLines } from "~/domain/addresses/format-address";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import { paragraphsOf } from "~/mail/mail-content";
import { getOrderDetails, type OrderDetails } from "~/domain/orders/get-order.server";
import type { MailMessage } from "~/mail/mailer.server";
import { orderPageUrl } from "~/domain/orders/order-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import { addDays, shopToday } from "~/lib/dates";
import { log } from "~/lib/log.server";
import { siteUrl as defaultSiteUrl } from "~/lib/site-url.server";
import { formatLongDay } from "./day-names";
import { johannesburgTime } from "./delivery-days";
import { reasonForCustomer } from "./proof-schemas";
import { latestProof, type DeliveryProof } from "./delivery-proofs.server";
import { bookedDelivery } from "./shopper-delivery.server";

/** Reminders go out from this hour of the day before, never in the night. */
export const REMINDER_FROM = "08:00";

/** Orders whose goods are still to be delivered: no e-mail about a day for the others. */
const DONE_STATUSES = new Set(["cancelled", "delivered"]);

type Notice = typeof deliveryNotices.$inferSelect;

/**
 * Sends one queued delivery e-mail, once: the notice is claimed by setting its `sent_at` in a
 * conditional UPDATE, so two processes never both send it. A notice no longer true (the day
 * moved since, the order cancelled or delivered, the day past) is claimed and not sent. Call it
 * after the booking's transaction has committed. Never throws: a failed send is logged and the
 * claim handed back for the job to try again. Answers whether this call sent it.
 */
export async function sendDeliveryNotice(
  noticeId: number,
  options: { siteUrl?: string; now?: Date } = {},
): Promise<boolean> {
  const [notice] = await db()
    .update(deliveryNotices)
    .set({ sentAt: sql`now()` })
    .where(and(eq(deliveryNotices.id, noticeId), isNull(deliveryNotices.sentAt)))
    .returning();
  if (!notice) return false;
  try {
    const [order, booking] = await Promise.all([
      getOrderDetails(notice.orderId),
      bookedDelivery(notice.orderId),
    ]);
    if (!order) return false;
    const proof = await latestProof(notice.orderId, notice.day);
    if (!stillTrue(notice, { status: order.status, bookedDay: booking?.day, proof }, options.now)) {
      return false;
    }
    const siteUrl = options.siteUrl ?? defaultSiteUrl();
    await sendShopMail((shop) =>
      deliveryNoticeMail(notice, {
        order,
        zoneName: booking?.zoneName ?? null,
        proof,
        shop,
        siteUrl,
      }),
    );
    return true;
  } catch (error) {
    log.error({ err: error, order: notice.orderId }, "Could not send a delivery e-mail");
    await db()
      .update(deliveryNotices)
      .set({ sentAt: null })
      .where(eq(deliveryNotices.id, noticeId))
      .catch(() => undefined);
    return false;
  }
}

/** A delivery e-mail as it goes out: what the notice says, with the order's link. */
export function deliveryNoticeMail(
  notice: Pick<Notice, "kind" | "day" | "fromDay">,
  context: NoticeContext & { siteUrl: string },
): MailMessage {
  const { order } = context;
  const link = orderPageUrl(context.siteUrl, order);
  const body = noticeText(notice, context);
  const subject = noticeSubject(notice, order.number);
  return {
    to: order.email,
    subject,
    text: [...body, `Your order: ${link}`].join("\n"),
    email: {
      heading: subject.replace(/: order \d+$/, ""),
      paragraphs: paragraphsOf(body.join("\n")),
      action: { label: `See order ${order.number}`, url: link },
    },
  };
}

type NoticeContext = {
  order: OrderDetails;
  zoneName: string | null;
  proof: DeliveryProof | null;
  shop: Pick<StoreSettings, "phone">;
};

/** Whether what the notice says is still so when its turn comes. */
function stillTrue(
  notice: Notice,
  now: { status: string; bookedDay: string | undefined; proof: DeliveryProof | null },
  at?: Date,
): boolean {
  switch (notice.kind) {
    case "booked":
    case "moved":
    case "reminder":
      return (
        !DONE_STATUSES.has(now.status) &&
        now.bookedDay === notice.day &&
        notice.day >= shopToday(at)
      );
    case "out_for_delivery":
      return !DONE_STATUSES.has(now.status) && now.bookedDay === notice.day && !now.proof;
    case "delivered":
      return now.status === "delivered" && now.proof?.outcome === "delivered";
    case "not_delivered":
      return !DONE_STATUSES.has(now.status) && now.proof?.outcome === "not_delivered";
  }
}

function noticeSubject(notice: Pick<Notice, "kind" | "day">, orderNumber: number) {
  const day = formatLongDay(notice.day);
  switch (notice.kind) {
    case "booked":
      return `Delivery booked for ${day}: order ${orderNumber}`;
    case "moved":
      return `Delivery moved to ${day}: order ${orderNumber}`;
    case "reminder":
      return `We deliver tomorrow, ${day}: order ${orderNumber}`;
    case "out_for_delivery":
      return `Out for delivery today: order ${orderNumber}`;
    case "delivered":
      return `Delivered: order ${orderNumber}`;
    case "not_delivered":
      return `We could not deliver: order ${orderNumber}`;
  }
}

function noticeText(
  notice: Pick<Notice, "kind" | "day" | "fromDay">,
  context: NoticeContext,
): string[] {
  const { order, zoneName, shop } = context;
  if (notice.kind === "delivered" || notice.kind === "not_delivered") {
    return outcomeText(notice, context);
  }
  const day = zoneName ? `${formatLongDay(notice.day)} (${zoneName})` : formatLongDay(notice.day);
  const opening = {
    booked: `Your delivery of order ${order.number} is booked for ${day}.`,
    moved: notice.fromDay
      ? `Your delivery of order ${order.number} has moved from ${formatLongDay(notice.fromDay)} to ${day}.`
      : `Your delivery of order ${order.number} has moved to ${day}.`,
    reminder: `Our truck delivers order ${order.number} tomorrow, ${day}.`,
    out_for_delivery: `Our truck is on its way with order ${order.number} today, ${day}.`,
  }[notice.kind];
  const change =
    notice.kind === "reminder" || notice.kind === "out_for_delivery"
      ? `If no one can be there ${notice.kind === "reminder" ? "tomorrow" : "today"}, please phone us today on ${shop.phone}.`
      : `You can move the day on your order's page until the day before; from then, please phone us on ${shop.phone}.`;
  return [
    `Dear ${order.firstName},`,
    "",
    opening,
    "Please make sure someone is there to receive the goods and sign for them.",
    "",
    "We deliver to:",
    `${order.firstName} ${order.lastName}, ${order.phone}`,
    ...addressLines(order),
    ...deliveryContactLines(order),
    "",
    ...order.lines.map((l) => `${l.quantity} x ${l.title} (${l.size})`),
    "",
    change,
  ];
}

/** The delivered and not delivered e-mails: who received the goods, or why they did not come. */
function outcomeText(notice: Pick<Notice, "kind" | "day">, context: NoticeContext): string[] {
  const { order, proof, shop } = context;
  const day = formatLongDay(notice.day);
  // A missed visit is told in the shop's words and the driver's message, never the staff's note.
  const why = reasonForCustomer(proof?.reason ?? null);
  const body =
    notice.kind === "delivered"
      ? [
          `Order ${order.number} was delivered on ${day}.`,
          `Received by ${proof?.recipientName ?? "the receiver"}, who signed ${proof?.signedOnPaper ? "the driver's run sheet" : "on the driver's phone"}.`,
          "",
          ...order.lines.map((l) => `${l.quantity} x ${l.title} (${l.size})`),
          "",
          `If anything is not right with the goods, please phone us on ${shop.phone}.`,
        ]
      : [
          `Our truck could not deliver order ${order.number} on ${day}${why ? `: ${why.toLowerCase()}` : ""}.`,
          ...(proof?.customerMessage ? [`Our driver's message: ${proof.customerMessage}`] : []),
          "",
          `Please choose a new delivery day on your order's page, or phone us on ${shop.phone}.`,
        ];
  return [`Dear ${order.firstName},`, "", ...body];
}

/**
 * Queues tomorrow's reminders, once the shop's clock has reached REMINDER_FROM on the day
 * before: every booking for tomorrow of an order still to be delivered, booked before today
 * (one booked or moved today has just had its own e-mail). Answers how many were queued.
 */
export async function queueDeliveryReminders(now: Date = new Date()): Promise<number> {
  if (johannesburgTime(now) < REMINDER_FROM) return 0;
  const today = shopToday(now);
  const tomorrow = addDays(today, 1);
  // The shop's day starts at midnight in Johannesburg, two hours ahead of UTC all year.
  const startOfToday = new Date(`${today}T00:00:00+02:00`);
  const queued = await db().execute<{ id: number }>(sql`
    insert into ${deliveryNotices} (order_id, kind, day)
    select ${deliveryBookings.orderId}, 'reminder', ${deliveryBookings.day}
    from ${deliveryBookings}
    join ${orders} on ${orders.id} = ${deliveryBookings.orderId}
    where ${deliveryBookings.day} = ${tomorrow}
      and ${deliveryBookings.updatedAt} < ${startOfToday.toISOString()}
      and ${orders.status} in ('to_deliver', 'out_for_delivery')
    on conflict do nothing
    returning id`);
  return queued.rows.length;
}

/**
 * The job: queues tomorrow's reminders, then sends every delivery e-mail still owed (those a
 * crash or a failed send left, and the reminders just queued), oldest first.
 */
export async function sendDueDeliveryNotices(
  options: { now?: Date; siteUrl?: string; limit?: number } = {},
) {
  const queued = await queueDeliveryReminders(options.now);
  const owed = await db()
    .select({ id: deliveryNotices.id })
    .from(deliveryNotices)
    .where(isNull(deliveryNotices.sentAt))
    .orderBy(asc(deliveryNotices.createdAt), asc(deliveryNotices.id))
    .limit(options.limit ?? 200);
  let sent = 0;
  for (const { id } of owed) {
    if (await sendDeliveryNotice(id, options)) sent++;
  }
  return { queued, sent };
}
