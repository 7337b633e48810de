import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { deliveryQuotes, orders } from "~/db/schema";
import { bookedDelivery } from "~/domain/delivery/shopper-delivery.server";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import { log } from "~/lib/log.server";
import { siteUrl as defaultSiteUrl } from "~/lib/site-url.server";
import { getOrderDetails } from "./get-order.server";
import { payReminderMail } from "./pay-reminder-mail.server";

/*
 * The pay reminder (docs/decisions/050, "E-mails"). Placing an order sends the shopper nothing
 * while they pay at the provider's page: paid, they get one e-mail, the confirmation. An order
 * still awaiting payment PAY_REMINDER_MINUTES after it was placed, and still payable, gets one
 * e-mail telling how to pay. A lay-by (its confirmation carries the deposit's link) and an order
 * whose delivery was quoted (the quote's e-mail carries it) are never reminded.
 */

/** How long after placing an unpaid order its shopper is e-mailed how to pay. */
export const PAY_REMINDER_MINUTES = 15;

/**
 * The job "send pay reminders": claims each order owed a reminder by the UPDATE that stamps
 * `pay_reminder_sent_at` (rows another process holds are skipped, and a claimed row no longer
 * matches), so two processes never send one twice; then sends each after the claim commits. A
 * failed send is logged and its claim handed back for the next run. Answers how many it sent.
 */
export async function sendPayReminders(
  options: { now?: Date; siteUrl?: string; batch?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const placedBy = new Date(now.getTime() - PAY_REMINDER_MINUTES * 60_000);
  const claimed = await db().execute<{ id: number }>(sql`
    update ${orders} set pay_reminder_sent_at = ${now.toISOString()}::timestamptz
    where ${orders.id} in (
      select o.id from ${orders} o
      where o.status = 'awaiting_payment' and o.payment_status = 'unpaid'
        and o.pay_reminder_sent_at is null
        and o.pay_by > ${now.toISOString()}::timestamptz
        and o.created_at <= ${placedBy.toISOString()}::timestamptz
        and not exists (select 1 from ${deliveryQuotes} q where q.order_id = o.id)
      order by o.pay_by
      limit ${options.batch ?? 50}
      for update skip locked)
    and ${orders.payReminderSentAt} is null
    returning ${orders.id}`);
  let sent = 0;
  for (const { id } of rowsOf<{ id: number }>(claimed)) {
    if (await sendPayReminder(id, options.siteUrl ?? defaultSiteUrl())) sent++;
  }
  return sent;
}

async function sendPayReminder(orderId: number, siteUrl: string): Promise<boolean> {
  try {
    const [order, delivery] = await Promise.all([
      getOrderDetails(orderId),
      bookedDelivery(orderId),
    ]);
    if (!order) return false;
    await sendShopMail((shop: StoreSettings) =>
      payReminderMail({ order, delivery, siteUrl }, shop),
    );
    return true;
  } catch (error) {
    log.error({ err: error, order: orderId }, "Could not send a pay reminder");
    await db()
      .update(orders)
      .set({ payReminderSentAt: null })
      .where(eq(orders.id, orderId))
      .catch(() => undefined);
    return false;
  }
}
