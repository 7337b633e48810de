import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { claimJob } from "~/db/job-leases.server";
import { jobLeases } from "~/db/schema";
import { useTestDatabase } from "../../setup/database";

useTestDatabase();

describe("a background job's run", () => {
  it("is claimed by one process of many at once, and again only once its interval has passed", async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimJob("expire", 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJob("expire", 60_000)).toBe(false);
    // Another job has a lease of its own.
    expect(await claimJob("re-check", 60_000)).toBe(true);

    // The interval passes (as the database's clock tells it).
    await db()
      .update(jobLeases)
      .set({ runAfter: sql`now() - interval '1 second'` })
      .where(eq(jobLeases.name, "expire"));
    const again = await Promise.all(Array.from({ length: 8 }, () => claimJob("expire", 60_000)));
    expect(again.filter(Boolean)).toHaveLength(1);
    const [lease] = await db().select().from(jobLeases).where(eq(jobLeases.name, "expire"));
    expect(lease!.ranBy).toMatch(/:\d+$/);
  });
});
