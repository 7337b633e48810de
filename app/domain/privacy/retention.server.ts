import { and, eq, isNotNull, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  auditLog,
  consultationRequests,
  contactMessages,
  rateLimitHits,
  sessions,
} from "~/db/schema";
import { deleteStaleSignups } from "~/domain/leads/newsletter.server";

/** Enquiries are kept up to two years (the privacy policy's "How long we keep it"). */
export const ENQUIRY_RETENTION_DAYS = 730;
/** Abuse-prevention records (failed sign-ins, the addresses of sign-ins): 90 days. */
export const ABUSE_RECORD_RETENTION_DAYS = 90;
/** Rate-limit counters only matter for their 15-minute window; a day is plenty. */
const RATE_LIMIT_RETENTION_DAYS = 1;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * Deletes what the privacy policy promises not to keep: enquiries older than two years,
 * newsletter sign-ups never confirmed within 30 days, failed sign-ins and the addresses in the
 * audit log and in sessions after 90 days (the staff actions themselves stay), and old
 * rate-limit counters. Plain deletes and updates, so several processes may run it at once.
 */
export async function applyRetention(now: Date = new Date()) {
  const enquiryCutoff = daysBefore(now, ENQUIRY_RETENTION_DAYS);
  const consultations = await db()
    .delete(consultationRequests)
    .where(lt(consultationRequests.createdAt, enquiryCutoff))
    .returning({ id: consultationRequests.id });
  const messages = await db()
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, enquiryCutoff))
    .returning({ id: contactMessages.id });
  await deleteStaleSignups(now);
  const abuseCutoff = daysBefore(now, ABUSE_RECORD_RETENTION_DAYS);
  await db()
    .delete(auditLog)
    .where(and(eq(auditLog.action, "sign_in_failed"), lt(auditLog.at, abuseCutoff)));
  await db()
    .update(auditLog)
    .set({ ipAddress: null })
    .where(and(isNotNull(auditLog.ipAddress), lt(auditLog.at, abuseCutoff)));
  await db().delete(sessions).where(lt(sessions.expiresAt, abuseCutoff));
  await db()
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, daysBefore(now, RATE_LIMIT_RETENTION_DAYS)));
  return { consultations: consultations.length, messages: messages.length };
}
