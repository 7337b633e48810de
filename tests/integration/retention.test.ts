import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  consultationRequests,
  contactMessages,
  newsletterSubscribers,
  rateLimitHits,
  sessions,
  users,
} from "~/db/schema";
import { applyRetention } from "~/domain/privacy/retention.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const now = new Date("2026-11-22T10:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe("applyRetention", () => {
  it("deletes enquiries over two years old, stale sign-ups and old counters, and keeps the rest", async () => {
    const person = { name: "A", email: "a@example.com", phone: "1" };
    await db()
      .insert(consultationRequests)
      .values([
        { ...person, createdAt: daysAgo(731) },
        { ...person, createdAt: daysAgo(700) },
      ]);
    const message = {
      firstName: "A",
      lastName: "B",
      email: "a@example.com",
      subject: "S",
      message: "M",
    };
    await db()
      .insert(contactMessages)
      .values([
        { ...message, createdAt: daysAgo(800) },
        { ...message, createdAt: daysAgo(10) },
      ]);
    await db()
      .insert(newsletterSubscribers)
      .values([
        {
          email: "stale@example.com",
          status: "pending",
          unsubscribeToken: "t1",
          confirmSentAt: daysAgo(31),
        },
        {
          email: "fresh@example.com",
          status: "pending",
          unsubscribeToken: "t2",
          confirmSentAt: daysAgo(2),
        },
        {
          email: "kept@example.com",
          status: "confirmed",
          unsubscribeToken: "t3",
          confirmSentAt: daysAgo(400),
        },
      ]);
    await db()
      .insert(rateLimitHits)
      .values([
        { key: "form:contact:1.2.3.4", windowStart: daysAgo(3), hits: 4 },
        { key: "form:contact:1.2.3.4", windowStart: now, hits: 1 },
      ]);

    await db()
      .insert(users)
      .values({ id: "u1", name: "Owner", email: "owner@example.com", role: "owner" });
    await db()
      .insert(auditLog)
      .values([
        {
          action: "sign_in_failed",
          actorEmail: "x@example.com",
          ipAddress: "1.2.3.4",
          at: daysAgo(91),
        },
        {
          action: "sign_in_failed",
          actorEmail: "x@example.com",
          ipAddress: "1.2.3.4",
          at: daysAgo(5),
        },
        { action: "sign_in", actorId: "u1", ipAddress: "5.6.7.8", at: daysAgo(120) },
        { action: "product_price_changed", actorId: "u1", ipAddress: "5.6.7.8", at: daysAgo(400) },
      ]);
    await db()
      .insert(sessions)
      .values([
        { id: "s1", token: "t-old", userId: "u1", ipAddress: "5.6.7.8", expiresAt: daysAgo(100) },
        { id: "s2", token: "t-new", userId: "u1", ipAddress: "5.6.7.8", expiresAt: daysAgo(-7) },
      ]);

    expect(await applyRetention(now)).toEqual({ consultations: 1, messages: 1 });
    expect((await db().select().from(consultationRequests)).map((r) => r.createdAt)).toEqual([
      daysAgo(700),
    ]);
    expect((await db().select().from(contactMessages)).map((r) => r.createdAt)).toEqual([
      daysAgo(10),
    ]);
    const emails = (await db().select().from(newsletterSubscribers)).map((s) => s.email).sort();
    expect(emails).toEqual(["fresh@example.com", "kept@example.com"]);
    const counters = await db()
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, "form:contact:1.2.3.4"));
    expect(counters.map((c) => c.hits)).toEqual([1]);
    const audit = await db().select().from(auditLog);
    // Old failed sign-ins go; staff actions stay, without the address after 90 days.
    expect(audit.map((a) => [a.action, a.ipAddress]).sort()).toEqual([
      ["product_price_changed", null],
      ["sign_in", null],
      ["sign_in_failed", "1.2.3.4"],
    ]);
    expect((await db().select().from(sessions)).map((x) => x.id)).toEqual(["s2"]);
  });
});
