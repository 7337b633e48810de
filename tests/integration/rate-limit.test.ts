import { describe, expect, it } from "vitest";
import { consumeRateLimit } from "~/domain/security/rate-limit.server";
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
