import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { laybyPlans } from "~/db/schema";
import {
  sendInstalmentReminders,
  sendLaybyNotices,
  sendMissedInstalmentNotices,
} from "~/domain/layby/layby-jobs.server";
import { formatMoney } from "~/lib/money";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { setUpShop } from "../orders/fixtures";
import { receiveLaybyPayment } from "~/domain/layby/pay-instalment.server";
import { instalmentsOf, laybyOrder, orderRow, planRow } from "./staff-plan-fixtures";

useTestDatabase();

const SITE = "http://shop.test";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});
// Each test's plans end with it, so the next test counts only its own notices.
afterEach(async () => {
  await db()
    .update(laybyPlans)
    .set({ status: "cancelled" })
    .where(inArray(laybyPlans.status, ["active", "awaiting_deposit"]));
});

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const at = (iso: string) => ({ now: new Date(iso), siteUrl: SITE });

describe("lay-by reminders", () => {
  it("go out five days before a due day in the shop's time zone, once, for unpaid instalments of active plans", async () => {
    // Instalments due 2 December, 2 January and 2 February; the deposit is paid.
    const { plan, order } = await laybyOrder(shop, {
      priceCents: 900_000,
      months: 3,
      paid: ["online"],
      email: "remind-me@example.com",
    });
    // Still awaiting its deposit: no reminders for a plan that has not started.
    await laybyOrder(shop, { priceCents: 900_000, months: 3, email: "not-started@example.com" });

    expect(await sendInstalmentReminders(at("2026-11-26T21:59:00Z"))).toBe(0);
    // 00:00 on 27 November in Johannesburg: 2 December is five days away.
    expect(await sendInstalmentReminders(at("2026-11-26T22:00:00Z"))).toBe(1);
    expect(await sendInstalmentReminders(at("2026-11-28T08:00:00Z"))).toBe(0);

    const [mail, ...more] = mailsTo("remind-me@example.com");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(
      `Lay-by instalment 1 of ${formatMoney(280_000, { cents: true })} due on 02/12/2026`,
    );
    expect(mail!.text).toContain(`/orders/${order.number}?token=`);
    expect(mailsTo("not-started@example.com")).toEqual([]);

    const rows = await instalmentsOf(plan.id);
    expect(rows.map((r) => r.remindedAt !== null)).toEqual([false, true, false, false]);
  });

  it("two runs at once send one reminder per instalment", async () => {
    const plans = await Promise.all(
      ["both-a@example.com", "both-b@example.com", "both-c@example.com"].map((email) =>
        laybyOrder(shop, {
          priceCents: 800_000,
          months: 2,
          paid: ["online"],
          email,
          startDay: "2027-03-10",
        }),
      ),
    );
    const runs = await Promise.all([
      sendInstalmentReminders(at("2027-04-06T08:00:00Z")),
      sendInstalmentReminders(at("2027-04-06T08:00:00Z")),
    ]);
    expect(runs[0] + runs[1]).toBe(3);
    for (const email of ["both-a@example.com", "both-b@example.com", "both-c@example.com"]) {
      expect(mailsTo(email)).toHaveLength(1);
    }
    for (const { plan } of plans) {
      expect(
        (await instalmentsOf(plan.id)).filter((r) => r.remindedAt).map((r) => r.number),
      ).toEqual([1]);
    }
  });
});

describe("missed instalment notices", () => {
  it("go out the day after an unpaid due day, once, and never for a paid one", async () => {
    const { order } = await laybyOrder(shop, {
      priceCents: 900_000,
      months: 3,
      paid: ["online"],
      email: "missed@example.com",
      startDay: "2027-06-15",
    });
    const { order: paidUp } = await laybyOrder(shop, {
      priceCents: 900_000,
      months: 3,
      paid: ["online", "showroom"],
      email: "paid-up@example.com",
      startDay: "2027-06-15",
    });
    // Due on 15 July: on the day itself nothing is missed yet.
    expect(await sendMissedInstalmentNotices(at("2027-07-15T20:00:00Z"))).toBe(0);
    const runs = await Promise.all([
      sendMissedInstalmentNotices(at("2027-07-16T06:00:00Z")),
      sendMissedInstalmentNotices(at("2027-07-16T06:00:00Z")),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendLaybyNotices(at("2027-07-17T06:00:00Z"))).toEqual({ missed: 0, reminded: 0 });

    const [notice, ...more] = mailsTo("missed@example.com");
    expect(more).toEqual([]);
    expect(notice!.subject).toBe(`Lay-by instalment 1 for order ${order.number} is overdue`);
    expect(notice!.text).toMatch(/was due on 15\/07\/2027/);
    expect(notice!.text).toMatch(/s62\(4\)/);
    expect(mailsTo("paid-up@example.com")).toEqual([]);
    expect(paidUp.number).toBeGreaterThan(order.number);
  });

  it("tell a shopper who paid part of the deposit what is left of it, the day after it was due", async () => {
    const { order, instalments } = await laybyOrder(shop, {
      priceCents: 900_000,
      months: 3,
      depositCents: 100_000,
      email: "part-deposit@example.com",
      startDay: "2027-09-06",
    });
    await db().transaction((tx) =>
      receiveLaybyPayment(tx, {
        orderId: order.id,
        amountCents: 40_000,
        paidBy: { kind: "showroom", recordedBy: "desk", showroomReference: "TILL-PART" },
      }),
    );
    expect((await orderRow(order.id)).paymentStatus).toBe("partially_paid");
    expect((await planRow(order.id)).status).toBe("awaiting_deposit");
    expect(await sendMissedInstalmentNotices(at("2027-09-07T06:00:00Z"))).toBe(1);
    const [notice, ...more] = mailsTo("part-deposit@example.com");
    expect(more).toEqual([]);
    expect(notice!.subject).toBe(`Lay-by deposit for order ${order.number} is overdue`);
    expect(notice!.text).toContain(
      `${formatMoney(60_000, { cents: true })} (what is left of ${formatMoney(100_000, { cents: true })})`,
    );
    expect(notice!.text).toContain("we have not received all of it");
    const rows = await instalmentsOf((await planRow(order.id)).id);
    expect(rows[0]!.id).toBe(instalments[0]!.id);
    expect(rows[0]!.missedNoticeAt).not.toBeNull();
  });
});
