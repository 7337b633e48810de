import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import {
  consumeRateLimit,
  consumeRateLimits,
  releaseRateLimits,
} from "~/domain/security/rate-limit.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("consumeRateLimit", () => {
  const windowSeconds = 900;
  const now = new Date("2026-11-22T10:01:00Z");

  it("allows up to the limit in one window, then refuses with the time to wait", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        await consumeRateLimit({ key: "form:contact:10.0.0.1", limit: 3, windowSeconds, now }),
      );
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBe(14 * 60);
  });

  it("counts each address and form apart, and starts again in the next window", async () => {
    expect(
      (await consumeRateLimit({ key: "form:contact:10.0.0.2", limit: 3, windowSeconds, now }))
        .allowed,
    ).toBe(true);
    const next = new Date(now.getTime() + windowSeconds * 1000);
    expect(
      (await consumeRateLimit({ key: "form:contact:10.0.0.1", limit: 3, windowSeconds, now: next }))
        .allowed,
    ).toBe(true);
  });
});

describe("consumeRateLimits and releaseRateLimits", () => {
  const windowSeconds = 900;
  const now = new Date("2026-11-22T11:01:00Z");

  it("counts parallel attempts one by one: exactly the limit is allowed", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        consumeRateLimit({ key: "parallel", limit: 5, windowSeconds, now }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("stops at the first limit that refuses, without counting the later ones", async () => {
    const limits = [
      { key: "first", limit: 1 },
      { key: "second", limit: 5 },
    ];
    expect((await consumeRateLimits({ limits, windowSeconds, now })).allowed).toBe(true);
    const refused = await consumeRateLimits({ limits, windowSeconds, now });
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 14 * 60 });
    expect(refused.counted.map((c) => c.key)).toEqual(["first"]);
    expect(await hits("second", now)).toBe(1);
  });

  it("gives an attempt back in the window it was counted in, never below zero", async () => {
    const first = await consumeRateLimits({
      limits: [{ key: "given-back", limit: 1 }],
      windowSeconds,
      now,
    });
    const next = new Date(now.getTime() + windowSeconds * 1000);
    await consumeRateLimit({ key: "given-back", limit: 1, windowSeconds, now: next });
    await releaseRateLimits(first.counted);
    await releaseRateLimits(first.counted);
    expect(await hits("given-back", now)).toBe(0);
    expect(await hits("given-back", next)).toBe(1);
  });
});

async function hits(key: string, at: Date) {
  const windowStart = new Date(Math.floor(at.getTime() / 900_000) * 900_000);
  const [row] = await db()
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
  return row?.hits ?? 0;
}
