import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { userPreferences, weeklyReportSends } from "~/db/schema";
import { sendWeeklyReports, weekDue } from "~/domain/reports/send-weekly-reports.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { addPerson } from "../inventory/warehouse-fixtures";
import { insertOrders, setUpCatalogue } from "./report-fixtures";

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const people = { owner: "", staff: "" };

// Monday 23 November 2026, 07:05 in Johannesburg (05:05 UTC).
const MONDAY_0705 = new Date("2026-11-23T05:05:00Z");

async function weekly(userId: string, on: boolean) {
  await db().insert(userPreferences).values({ userId, weeklyReports: on });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  const { items } = await setUpCatalogue(3);
  const owner = await addPerson("owner");
  await weekly(owner.id, true);
  people.owner = owner.email;
  const staff = await addPerson("staff");
  await weekly(staff.id, true);
  people.staff = staff.email;
  await weekly((await addPerson("staff")).id, false);
  await addPerson("staff"); // no preferences saved: the e-mail is off by default
  await weekly((await addPerson("customer")).id, true); // not staff: never sent
  // Last week (16-22 November): one paid order of R1,000; this week's is not in the report.
  const paid = (iso: string) => ({
    paidAt: new Date(iso),
    createdAt: new Date(iso),
    email: "buyer@example.com",
    city: "Lichtenburg",
    lines: [{ item: 0, quantity: 1 }],
    discountCents: 0,
    deliveryCents: 0,
    refunds: [],
  });
  await insertOrders(items, [paid("2026-11-18T09:00:00Z"), paid("2026-11-23T05:00:00Z")]);
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe("the weekly report e-mail", () => {
  it("is due from Monday 07:00 in the shop's zone until that day ends", () => {
    expect(weekDue(new Date("2026-11-23T04:59:00Z"), "Africa/Johannesburg")).toBeNull();
    expect(weekDue(new Date("2026-11-23T05:00:00Z"), "Africa/Johannesburg")).toBe("2026-11-23");
    expect(weekDue(new Date("2026-11-23T21:59:00Z"), "Africa/Johannesburg")).toBe("2026-11-23");
    expect(weekDue(new Date("2026-11-23T22:00:00Z"), "Africa/Johannesburg")).toBeNull();
    // 07:00 in New York is 12:00 UTC in November.
    expect(weekDue(new Date("2026-11-23T11:59:00Z"), "America/New_York")).toBeNull();
    expect(weekDue(new Date("2026-11-23T12:00:00Z"), "America/New_York")).toBe("2026-11-23");
  });

  it("sends nothing before Monday 07:00", async () => {
    expect(await sendWeeklyReports(new Date("2026-11-23T04:30:00Z"))).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it("goes once per person per week with two processes running the job at once", async () => {
    const runs = await Promise.all([
      sendWeeklyReports(MONDAY_0705),
      sendWeeklyReports(MONDAY_0705),
      sendWeeklyReports(new Date(MONDAY_0705.getTime() + 60_000)),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([people.owner, people.staff].sort());
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe("Weekly report: 2026-11-16 to 2026-11-22");
    expect(mail.text).toContain("Invoices issued: 1");
    expect(mail.text).toContain("Net sales: R1");
    expect(mail.text).toContain("/admin/reports?period=custom&from=2026-11-16&to=2026-11-22");

    // Later the same Monday: nothing more.
    expect(await sendWeeklyReports(new Date(MONDAY_0705.getTime() + 3 * 3_600_000))).toBe(0);
    expect(smtp.received).toHaveLength(2);
    expect(await db().select().from(weeklyReportSends)).toHaveLength(2);
  });

  it("goes again the next Monday", async () => {
    const next = new Date(MONDAY_0705.getTime() + 7 * 86_400_000);
    expect(await sendWeeklyReports(next)).toBe(2);
    expect(smtp.received[0]!.subject).toBe("Weekly report: 2026-11-23 to 2026-11-29");
    expect(smtp.received[0]!.text).toContain("Invoices issued: 1");
  });

  it("is tried again when the mail server refused it, and then sent once", async () => {
    const monday = new Date(MONDAY_0705.getTime() + 14 * 86_400_000);
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      expect(await sendWeeklyReports(monday)).toBe(0);
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    const week = await db()
      .select()
      .from(weeklyReportSends)
      .where(eq(weeklyReportSends.weekStart, "2026-12-07"));
    expect(week).toEqual([]);
    expect(await sendWeeklyReports(monday)).toBe(2);
    expect(await sendWeeklyReports(monday)).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });
});
