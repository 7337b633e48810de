import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { userPreferences, users, weeklyReportSends } from "~/db/schema";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { log } from "~/lib/log.server";
import { siteUrl } from "~/lib/site-url.server";
import { getReport } from "./get-report.server";
import { dayIn, mondayOf, resolvePeriod, shiftDays, startOfDayIn } from "./report-period";
import { weeklyReportMail } from "./weekly-report-mail";

const HOUR_MS = 3_600_000;
/** Monday 07:00 in the shop's zone; a run missed then (the shop was down) is made up that day. */
const SEND_AT_HOUR = 7;
const SEND_WINDOW_MS = 17 * HOUR_MS;

/** This week's Monday, when `now` is in the sending window (Monday 07:00 to midnight), else null. */
export function weekDue(now: Date, timeZone: string): string | null {
  const monday = mondayOf(dayIn(now, timeZone));
  const due = startOfDayIn(monday, timeZone).getTime() + SEND_AT_HOUR * HOUR_MS;
  const t = now.getTime();
  return t >= due && t < due + SEND_WINDOW_MS ? monday : null;
}

/**
 * Sends last week's report (Monday to Sunday) to each owner or staff member who switched Weekly
 * Reports on, once per person per week. Each e-mail is sent inside the transaction that inserts
 * its (person, week) row into weekly_report_sends: a second process running at the same time
 * waits on that row's key and then finds it taken; a failed send rolls its row back, so the next
 * run tries again. Answers how many e-mails this call sent.
 */
export async function sendWeeklyReports(now = new Date()): Promise<number> {
  const settings = await getStoreSettings();
  const monday = weekDue(now, settings.timezone);
  if (!monday) return 0;
  const waiting = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(
      and(
        inArray(users.role, ["owner", "staff"]),
        eq(userPreferences.weeklyReports, true),
        sql`not exists (select 1 from ${weeklyReportSends} s
              where s.user_id = ${users.id} and s.week_start = ${monday}::date)`,
      ),
    );
  if (waiting.length === 0) return 0;
  const firstDay = shiftDays(monday, -7);
  const lastDay = shiftDays(monday, -1);
  const period = resolvePeriod({
    key: "custom",
    from: firstDay,
    to: lastDay,
    timeZone: settings.timezone,
  });
  const mail = weeklyReportMail({
    report: await getReport(period),
    firstDay,
    lastDay,
    siteUrl: siteUrl(),
  });
  let sent = 0;
  for (const person of waiting) {
    try {
      const mine = await db().transaction(async (tx) => {
        const [claimed] = await tx
          .insert(weeklyReportSends)
          .values({ userId: person.id, weekStart: monday })
          .onConflictDoNothing()
          .returning({ userId: weeklyReportSends.userId });
        if (!claimed) return false;
        await sendShopMail(() => ({ to: person.email, ...mail }), settings);
        return true;
      });
      if (mine) sent += 1;
    } catch (error) {
      log.error({ err: error, userId: person.id }, "Could not send a weekly report e-mail yet");
    }
  }
  return sent;
}

/** Whether this staff member has switched the weekly report e-mail on (off unless saved). */
export async function weeklyReportsOn(options: { userId: string }): Promise<boolean> {
  const [row] = await db()
    .select({ on: userPreferences.weeklyReports })
    .from(userPreferences)
    .where(eq(userPreferences.userId, options.userId));
  return row?.on ?? false;
}
