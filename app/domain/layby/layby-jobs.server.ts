import { and, asc, eq, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans, orders } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { addDays, shopToday } from "~/lib/dates";
import { log } from "~/lib/log.server";
import { siteUrl as defaultSiteUrl } from "~/lib/site-url.server";
import { cancelLaybyPlanUnlessBusy } from "./cancel-plan.server";
import {
  sendInstalmentReminder,
  sendMissedInstalmentNotice,
  type InstalmentNotice,
} from "./layby-mail.server";

/** Reminders go out this many days before an instalment is due. */
export const REMINDER_DAYS_BEFORE = 5;

type JobOptions = { now?: Date; siteUrl?: string; batch?: number };

/**
 * Unpaid instalments of the plans a shopper is paying: active plans, and plans still awaiting a
 * deposit of which part is paid (the order is part paid, so it never expires and the shopper
 * must hear what is left, and by when, before the plan lapses). A plan whose deposit was never
 * started is left to the order's expiry.
 */
const unpaidOfActivePlans = (extra: ReturnType<typeof and>) =>
  db()
    .select({ id: laybyInstalments.id })
    .from(laybyInstalments)
    .innerJoin(laybyPlans, eq(laybyPlans.id, laybyInstalments.planId))
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .where(
      and(
        isNull(laybyInstalments.paidAt),
        or(
          eq(laybyPlans.status, "active"),
          and(
            eq(laybyPlans.status, "awaiting_deposit"),
            eq(orders.paymentStatus, "partially_paid"),
          ),
        ),
        extra,
      ),
    );

/** What each notice names: the instalment and the order it belongs to. */
async function noticesFor(ids: number[]) {
  if (ids.length === 0) return [];
  return db()
    .select({
      id: laybyInstalments.id,
      orderNumber: orders.number,
      token: orders.token,
      email: orders.email,
      firstName: orders.firstName,
      number: laybyInstalments.number,
      dueDay: laybyInstalments.dueDay,
      amountCents: laybyInstalments.amountCents,
      paidCents: laybyInstalments.paidCents,
      lapseDay: laybyPlans.lapseDay,
    })
    .from(laybyInstalments)
    .innerJoin(laybyPlans, eq(laybyPlans.id, laybyInstalments.planId))
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .where(inArray(laybyInstalments.id, ids))
    .orderBy(asc(laybyInstalments.dueDay), asc(laybyInstalments.id));
}

/**
 * Sends each claimed notice; one that could not be sent is handed back (its mark cleared) so the
 * next run tries again. Answers how many went out.
 */
async function sendClaimed(
  ids: number[],
  mark: "remindedAt" | "missedNoticeAt",
  send: (notice: InstalmentNotice & { lapseDay: string }) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (const notice of await noticesFor(ids)) {
    try {
      await send(notice);
      sent += 1;
    } catch (error) {
      log.error({ err: error, instalment: notice.id }, "Could not send a lay-by notice");
      await db()
        .update(laybyInstalments)
        .set({ [mark]: null })
        .where(eq(laybyInstalments.id, notice.id));
    }
  }
  return sent;
}

/**
 * Reminds shoppers of instalments due within the next five days, once each: the instalment is
 * claimed by the same UPDATE that sets remindedAt (WHERE reminded_at IS NULL ... RETURNING), so
 * two processes running this at once never send the same reminder twice.
 */
export async function sendInstalmentReminders(options: JobOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const today = shopToday(now);
  const due = unpaidOfActivePlans(
    and(
      gte(laybyInstalments.dueDay, today),
      lte(laybyInstalments.dueDay, addDays(today, REMINDER_DAYS_BEFORE)),
      isNull(laybyInstalments.remindedAt),
    ),
  ).limit(options.batch ?? 100);
  const claimed = await db()
    .update(laybyInstalments)
    .set({ remindedAt: now })
    .where(and(isNull(laybyInstalments.remindedAt), inArray(laybyInstalments.id, due)))
    .returning({ id: laybyInstalments.id });
  const url = options.siteUrl ?? defaultSiteUrl();
  return sendClaimed(
    claimed.map((c) => c.id),
    "remindedAt",
    (notice) => sendInstalmentReminder(notice, url),
  );
}

/** The day after a due day passes unpaid, the shopper is told once (claimed as reminders are). */
export async function sendMissedInstalmentNotices(options: JobOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const today = shopToday(now);
  const missed = unpaidOfActivePlans(
    and(lt(laybyInstalments.dueDay, today), isNull(laybyInstalments.missedNoticeAt)),
  ).limit(options.batch ?? 100);
  const claimed = await db()
    .update(laybyInstalments)
    .set({ missedNoticeAt: now })
    .where(and(isNull(laybyInstalments.missedNoticeAt), inArray(laybyInstalments.id, missed)))
    .returning({ id: laybyInstalments.id });
  const url = options.siteUrl ?? defaultSiteUrl();
  return sendClaimed(
    claimed.map((c) => c.id),
    "missedNoticeAt",
    (notice) => sendMissedInstalmentNotice(notice, url),
  );
}

/**
 * Cancels active plans whose lapse day (60 business days after the last due day, s62(4)) has
 * passed in the shop's time zone. Each is cancelled by cancelLaybyPlan's rule (reason lapsed,
 * the agreed charge kept, the rest refunded); a plan another process holds (its order row is
 * taken FOR UPDATE SKIP LOCKED) is left to it, and one cancelled meanwhile is a conflict we
 * skip, so two processes running this at once cancel each plan once. Answers how many it
 * cancelled.
 */
export async function lapseLaybyPlans(options: JobOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db()
    .select({ orderId: laybyPlans.orderId })
    .from(laybyPlans)
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .where(
      and(
        // A plan still awaiting its deposit with part of it paid is past the order's expiry
        // (which takes only unpaid orders): it lapses by the same rule.
        or(
          eq(laybyPlans.status, "active"),
          and(
            eq(laybyPlans.status, "awaiting_deposit"),
            eq(orders.paymentStatus, "partially_paid"),
          ),
        ),
        lt(laybyPlans.lapseDay, shopToday(now)),
      ),
    )
    .orderBy(asc(laybyPlans.lapseDay), asc(laybyPlans.id))
    .limit(options.batch ?? 20);
  const url = options.siteUrl ?? defaultSiteUrl();
  let cancelled = 0;
  for (const { orderId } of due) {
    try {
      const done = await cancelLaybyPlanUnlessBusy({
        orderId,
        reason: "lapsed",
        actor: "system",
        siteUrl: url,
        now,
      });
      if (done) cancelled += 1;
    } catch (error) {
      if (error instanceof DomainError && error.kind === "conflict") continue;
      throw error;
    }
  }
  return cancelled;
}

/** Both notices of one run: the missed ones first, then the reminders. */
export async function sendLaybyNotices(options: JobOptions = {}) {
  const missed = await sendMissedInstalmentNotices(options);
  const reminded = await sendInstalmentReminders(options);
  return { missed, reminded };
}
