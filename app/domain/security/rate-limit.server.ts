import { and, eq, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt for `key` in a fixed window kept in the database, so every server process
 * shares the count. Allowed while the window holds at most `limit` attempts.
 */
export async function consumeRateLimit(options: {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
}): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const windowMs = options.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db()
    .insert(rateLimitHits)
    .values({ key: options.key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  // Old windows are worthless; clear them now and then rather than on every call.
  if (Math.random() < 0.02) {
    await db()
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 86_400_000)));
  }
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: (row?.hits ?? 1) <= options.limit, retryAfterSeconds };
}

/** Whether `key` is still under `limit` in the current window, without counting an attempt. */
export async function peekRateLimit(options: {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
}): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const windowMs = options.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db()
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, options.key), eq(rateLimitHits.windowStart, windowStart)));
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: (row?.hits ?? 0) < options.limit, retryAfterSeconds };
}
