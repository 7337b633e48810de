import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryNotices, users } from "~/db/schema";
import type { Role } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { sendDueDeliveryNotices } from "~/domain/delivery/delivery-notices.server";
import { moveOrderDeliveryByShopper } from "~/domain/delivery/shopper-delivery.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { siteUrl } from "~/lib/site-url.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { zone } from "./fixtures";

useTestDatabase();

/** Monday 23 November 2026, 10:00 in Johannesburg. */
const monday = new Date("2026-11-23T08:00:00Z");
/** Wednesday 25 November 2026 in Johannesburg, at a given hour. */
const wednesdayAt = (hour: string) => new Date(`2026-11-25T${hour}:00+02:00`);
const staff: { id: string; email: string; role: Role } = {
  id: "notice-staff",
  email: "lerato@test-beds.example",
  role: "staff",
};

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let zoneName: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: staff.id, name: "Lerato", email: staff.email, role: "staff" });
  const rules = await zone({ dropsPerDay: 10 });
  zoneName = (
    await db().execute<{ name: string }>(
      sql`select name from delivery_zones where id = ${rules.id}`,
    )
  ).rows[0]!.name;
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const paid = async () => (await paidOrder(shop, { priceCents: 450_000 })).order;
const book = (orderNumber: number, day: string, mode: "book" | "move" = "book", now = monday) =>
  bookOrderDelivery({ orderNumber, day, mode, actor: staff, now });
/** The booking as if made days ago (the engine stamps it with the database's clock). */
const bookedLastWeek = (orderId: number) =>
  db()
    .update(deliveryBookings)
    .set({ updatedAt: new Date("2026-11-16T08:00:00Z") })
    .where(eq(deliveryBookings.orderId, orderId));
const mailsTo = (orderNumber: number) =>
  smtp.received.filter((m) => m.subject.endsWith(`order ${orderNumber}`));

describe("the shopper's delivery e-mails", () => {
  it("tells the shopper the day staff booked, with the address, the goods and the order's link", async () => {
    const order = await paid();
    await book(order.number, "2026-11-25");
    const [mail, ...others] = mailsTo(order.number);
    expect(others).toEqual([]);
    expect(mail!.to).toBe("thandi@example.com");
    expect(mail!.subject).toBe(
      `Delivery booked for Wednesday 25 November 2026: order ${order.number}`,
    );
    const text = mail!.text.replace(/=\r?\n/g, "");
    expect(text).toContain(
      `Your delivery of order ${order.number} is booked for Wednesday 25 November 2026 (${zoneName}).`,
    );
    expect(text).toContain("12 Church Street");
    expect(text).toMatch(/1 x .+\(/);
    expect(text).toContain(`${siteUrl()}/orders/${order.number}?token=`);
    expect(text).toContain("until the day before");
  });

  it("tells them when staff or they themselves move the day, naming both days", async () => {
    const order = await paid();
    await book(order.number, "2026-11-25");
    await book(order.number, "2026-11-26", "move");
    const moved = mailsTo(order.number).at(-1)!;
    expect(moved.subject).toBe(
      `Delivery moved to Thursday 26 November 2026: order ${order.number}`,
    );
    expect(moved.text.replace(/=\r?\n/g, "")).toContain(
      "has moved from Wednesday 25 November 2026 to Thursday 26 November 2026",
    );

    await moveOrderDeliveryByShopper({ orderId: order.id, day: "2026-11-27", now: monday });
    expect(mailsTo(order.number).at(-1)!.subject).toBe(
      `Delivery moved to Friday 27 November 2026: order ${order.number}`,
    );
    // Back to a day booked before: that day's e-mail is owed again, and goes.
    await book(order.number, "2026-11-25", "move");
    expect(mailsTo(order.number).map((m) => m.subject.split(":")[0])).toEqual([
      "Delivery booked for Wednesday 25 November 2026",
      "Delivery moved to Thursday 26 November 2026",
      "Delivery moved to Friday 27 November 2026",
      "Delivery moved to Wednesday 25 November 2026",
    ]);
  });

  it("reminds the shopper once on the day before, from eight in the morning", async () => {
    const order = await paid();
    await book(order.number, "2026-11-26");
    await bookedLastWeek(order.id);
    smtp.received.length = 0;

    expect(await sendDueDeliveryNotices({ now: wednesdayAt("07:30") })).toEqual({
      queued: 0,
      sent: 0,
    });
    const run = await sendDueDeliveryNotices({ now: wednesdayAt("09:00") });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [reminder, ...more] = mailsTo(order.number);
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe(
      `We deliver tomorrow, Thursday 26 November 2026: order ${order.number}`,
    );
    expect(reminder!.text).toContain("please phone us today on");

    await sendDueDeliveryNotices({ now: wednesdayAt("09:15") });
    await sendDueDeliveryNotices({ now: wednesdayAt("16:00") });
    expect(mailsTo(order.number)).toHaveLength(1);
  });

  it("sends no reminder for a day booked today, nor for a cancelled order", async () => {
    const movedToday = await paid();
    await book(movedToday.number, "2026-11-26");
    // Booked this morning: its own e-mail has just told the shopper.
    await db()
      .update(deliveryBookings)
      .set({ updatedAt: wednesdayAt("07:00") })
      .where(eq(deliveryBookings.orderId, movedToday.id));
    const cancelled = await paid();
    await book(cancelled.number, "2026-11-26");
    await bookedLastWeek(cancelled.id);
    await cancelOrder({ orderId: cancelled.id, actor: staff });
    smtp.received.length = 0;

    await sendDueDeliveryNotices({ now: wednesdayAt("10:00") });
    expect(mailsTo(movedToday.number)).toEqual([]);
    expect(mailsTo(cancelled.number)).toEqual([]);
  });

  it("keeps an e-mail the mail server refused, and the job sends it once it answers", async () => {
    const order = await paid();
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    await book(order.number, "2026-11-27");
    const owed = () =>
      db()
        .select({ sentAt: deliveryNotices.sentAt })
        .from(deliveryNotices)
        .where(and(eq(deliveryNotices.orderId, order.id), eq(deliveryNotices.kind, "booked")));
    expect(await owed()).toEqual([{ sentAt: null }]);
    expect(mailsTo(order.number)).toEqual([]);

    process.env.SMTP_URL = smtp.url;
    await sendDueDeliveryNotices({ now: monday });
    await sendDueDeliveryNotices({ now: monday });
    expect(mailsTo(order.number).map((m) => m.subject)).toEqual([
      `Delivery booked for Friday 27 November 2026: order ${order.number}`,
    ]);
    expect((await owed())[0]!.sentAt).not.toBeNull();
  });
});
