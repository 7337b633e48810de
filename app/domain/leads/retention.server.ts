import { lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationRequests, contactMessages, rateLimitHits } from "~/db/schema";
import { deleteStaleSignups } from "./newsletter.server";

/** Enquiries are kept up to two years (the privacy policy's "How long we keep it"). */
export const ENQUIRY_RETENTION_DAYS = 730;
/** Rate-limit counters only matter for their 15-minute window; a day is plenty. */
const RATE_LIMIT_RETENTION_DAYS = 1;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * Deletes what the privacy policy promises not to keep: enquiries older than two years,
 * newsletter sign-ups never confirmed within 30 days, and old rate-limit counters. Plain
 * deletes, so several processes may run it at once.
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
  await db()
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, daysBefore(now, RATE_LIMIT_RETENTION_DAYS)));
  return { consultations: consultations.length, messages: messages.length };
}
