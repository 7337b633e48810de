import { and, eq, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

export type RateLimitResult = {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The window the attempt was counted in (for releaseRateLimit). */
  windowStart: Date;
};

function currentWindow(windowSeconds: number, now: Date) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { windowStart, retryAfterSeconds };
}

/**
 * Counts one attempt for `key` in a fixed window kept in the database, so every server process
 * shares the count. Allowed while the window holds at most `limit` attempts. The count is
 * raised and read in one statement, so parallel attempts never see the same count.
 */
export async function consumeRateLimit(options: {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
}): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const { windowStart, retryAfterSeconds } = currentWindow(options.windowSeconds, now);
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
  return { allowed: (row?.hits ?? 1) <= options.limit, retryAfterSeconds, windowStart };
}

export type CountedAttempt = { key: string; windowStart: Date };

/**
 * Counts one attempt against each limit in turn and stops at the first that refuses (later
 * keys are then not counted). `counted` lists every key the attempt was counted against.
 */
export async function consumeRateLimits(options: {
  limits: { key: string; limit: number }[];
  windowSeconds: number;
  now?: Date;
}): Promise<{ allowed: boolean; retryAfterSeconds: number; counted: CountedAttempt[] }> {
  const counted: CountedAttempt[] = [];
  for (const { key, limit } of options.limits) {
    const result = await consumeRateLimit({
      key,
      limit,
      windowSeconds: options.windowSeconds,
      now: options.now,
    });
    counted.push({ key, windowStart: result.windowStart });
    if (!result.allowed) {
      return { allowed: false, retryAfterSeconds: result.retryAfterSeconds, counted };
    }
  }
  return { allowed: true, retryAfterSeconds: 0, counted };
}

/** Takes back attempts counted by consumeRateLimit(s), in the windows they were counted in. */
export async function releaseRateLimits(attempts: CountedAttempt[]): Promise<void> {
  for (const { key, windowStart } of attempts) {
    await db()
      .update(rateLimitHits)
      .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
      .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
  }
}
