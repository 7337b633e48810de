import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  invoices,
  laybyInstalments,
  laybyPayments,
  laybyPlans,
  orderEvents,
  orders,
  payments,
  users,
} from "~/db/schema";
import { settleInstalment } from "~/domain/layby/pay-instalment.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { payAgain, startPayment } from "~/domain/orders/pay-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { demoGateway, demoNotification } from "~/domain/payments/demo-gateway.server";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import { createPaymentAttempt, findPayment } from "~/domain/orders/record-payment.server";
import { addMonths } from "~/domain/layby/schedule";
import { shopToday } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { parseMessage } from "../../setup/smtp";
import { addVariant, checkout, setUpShop, stockOf } from "../orders/fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "layby-test-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: "desk-1", name: "Desk", email: "desk@example.com", role: "staff" });
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const notify = (body: URLSearchParams) =>
  receivePaymentNotification(
    demoGateway(),
    new Request("http://shop.test/api/payments/demo/notify", { method: "POST", body }),
    "127.0.0.1",
  );
const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const planOf = async (orderId: number) =>
  (await db().select().from(laybyPlans).where(eq(laybyPlans.orderId, orderId)))[0]!;
const instalmentsOf = async (planId: number) =>
  db()
    .select()
    .from(laybyInstalments)
    .where(eq(laybyInstalments.planId, planId))
    .orderBy(asc(laybyInstalments.number));
const outbox = async () => {
  const dir = path.join(dataDir, "outbox");
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    names.sort().map(async (n) => parseMessage(await fs.readFile(path.join(dir, n), "utf8"))),
  );
};

/** A R10 000.01 bed (free delivery above the threshold) on lay-by over three months. */
async function laybyOrder(stock = 5) {
  const bed = await addVariant(shop, { priceCents: 1_000_001, stock });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: 1 }], {
      layby: { months: 3, depositCents: 100_000 },
    }),
  );
  return { bed, order };
}

/** The next payment as the order page starts it, paid through the demo gateway's notification. */
async function payNext(order: { number: number; token: string }) {
  const { next } = await payAgain({
    number: order.number,
    token: order.token,
    paymentMethod: "card",
  });
  const payment = (await findPayment(next.replace("/payments/", "")))!;
  const body = demoNotification(payment, { status: "approved", brand: "Visa", last4: "4242" });
  return { payment, body, answer: await (await notify(body)).text() };
}

describe("a lay-by order", () => {
  it("is placed with its plan and instalments to the cent, its stock reserved", async () => {
    const { bed, order } = await laybyOrder();
    expect(order.paymentStatus).toBe("unpaid");
    const plan = await planOf(order.id);
    const today = shopToday();
    expect(plan).toMatchObject({
      status: "awaiting_deposit",
      depositCents: 100_000,
      months: 3,
      chargeBasisPoints: 100,
      startDay: today,
      endDay: addMonths(today, 3),
    });
    const rest = order.totalCents - 100_000;
    const base = Math.floor(rest / 3);
    const rows = await instalmentsOf(plan.id);
    expect(rows.map((r) => [r.number, r.dueDay, r.amountCents])).toEqual([
      [0, today, 100_000],
      [1, addMonths(today, 1), base + (rest % 3 >= 1 ? 1 : 0)],
      [2, addMonths(today, 2), base + (rest % 3 >= 2 ? 1 : 0)],
      [3, addMonths(today, 3), base],
    ]);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(order.totalCents);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 5, reserved: 1 });
  });

  it("with a R10 000.01 total splits R9 000.01 as R3 000.01, R3 000.00, R3 000.00", async () => {
    const { order } = await laybyOrder();
    // The fixture's shop delivers free above its threshold: the total is the bed's price.
    expect(order.totalCents).toBe(1_000_001);
    const rows = await instalmentsOf((await planOf(order.id)).id);
    expect(rows.map((r) => r.amountCents)).toEqual([100_000, 300_001, 300_000, 300_000]);
  });

  it("is paid instalment by instalment, then paid in full, invoiced and its stock sold", async () => {
    const { bed, order } = await laybyOrder();
    const deposit = await payNext(order);
    expect(deposit.answer).toBe("paid");
    expect(deposit.payment.amountCents).toBe(100_000);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "partially_paid",
      status: "layby",
      stockHold: "reserved",
      paidAt: null,
    });
    expect((await planOf(order.id)).status).toBe("active");

    // The deposit is in: the order's time to pay no longer applies.
    await db()
      .update(orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    expect(await expireUnpaidOrders()).toBe(0);
    expect((await orderRow(order.id)).status).toBe("layby");

    // A replayed notification changes nothing.
    expect(await (await notify(deposit.body)).text()).toBe("duplicate");

    const mailBefore = (await outbox()).length;
    const first = await payNext(order);
    expect(first.answer).toBe("paid");
    expect(first.payment.amountCents).toBe(300_001);
    const receipts = (await outbox()).slice(mailBefore);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Lay-by instalment 1 received for order ${order.number}`);
    expect(receipts[0]!.text).toContain("Paid so far: R4,000.01 of R10,000.01.");
    expect(receipts[0]!.text).toContain("Still to pay: R6,000.00.");
    expect(receipts[0]!.text).toMatch(/Next payment: R3,000\.00 due on \d\d\/\d\d\/\d{4}\./);

    // A signed notification for the wrong amount is refused.
    const { next } = await payAgain({
      number: order.number,
      token: order.token,
      paymentMethod: "card",
    });
    const second = (await findPayment(next.replace("/payments/", "")))!;
    const wrong = await notify(
      demoNotification({ ...second, amountCents: second.amountCents + 1 }, { status: "approved" }),
    );
    expect(await wrong.text()).toBe("amount_mismatch");
    expect((await instalmentsOf((await planOf(order.id)).id))[2]!.paidAt).toBeNull();
    expect(await (await notify(demoNotification(second, { status: "approved" }))).text()).toBe(
      "paid",
    );
    expect((await orderRow(order.id)).paymentStatus).toBe("partially_paid");

    const last = await payNext(order);
    expect(last.answer).toBe("paid");
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: "paid", stockHold: "sold" });
    expect(paid.paidAt).not.toBeNull();
    const plan = await planOf(order.id);
    expect(plan.status).toBe("completed");
    expect(
      (await instalmentsOf(plan.id)).every((i) => i.paidAt && i.paidCents === i.amountCents),
    ).toBe(true);
    const received = await db()
      .select()
      .from(laybyPayments)
      .where(eq(laybyPayments.planId, plan.id));
    expect(received.map((r) => r.paymentId !== null)).toEqual([true, true, true, true]);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.totalCents).toBe(order.totalCents);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 4, reserved: 0 });
    const paidMails = (await outbox()).map((m) => m.subject);
    expect(paidMails).toContain(`Payment received for order ${order.number}`);
    expect(paidMails).toContain(`New paid order ${order.number}: R10,000.01`);

    // Replays of the last one change nothing; the order cannot be paid again.
    expect(await (await notify(last.body)).text()).toBe("duplicate");
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 4, reserved: 0 });
    await expect(
      payAgain({ number: order.number, token: order.token, paymentMethod: "card" }),
    ).rejects.toThrow(/can no longer be paid/);
    const approved = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "payment_approved")));
    expect(approved).toHaveLength(1);
  });

  it("is cancelled with its plan when the deposit never comes", async () => {
    const { bed, order } = await laybyOrder();
    const payment = await createPaymentAttempt(order, "card", "demo", {
      id: (await instalmentsOf((await planOf(order.id)).id))[0]!.id,
      amountCents: 100_000,
    });
    await db()
      .update(orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    expect(await expireUnpaidOrders()).toBe(1);
    expect(await planOf(order.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "unpaid_deposit",
      refundCents: 0,
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 5, reserved: 0 });
    // The deposit arriving afterwards is for staff to refund.
    expect(await (await notify(demoNotification(payment, { status: "approved" }))).text()).toBe(
      "order_closed",
    );
  });

  it("counts a showroom payment like an online one, once", async () => {
    const { order } = await laybyOrder();
    const plan = await planOf(order.id);
    const [deposit] = await instalmentsOf(plan.id);
    const showroom = {
      kind: "showroom" as const,
      recordedBy: "desk-1",
      showroomReference: "TILL-77",
    };
    const settle = () =>
      db().transaction((tx) =>
        settleInstalment(tx, { instalmentId: deposit!.id, paidBy: showroom }),
      );
    expect((await settle()).result).toBe("instalment_paid");
    expect((await settle()).result).toBe("duplicate");
    expect((await orderRow(order.id)).paymentStatus).toBe("partially_paid");
    const [row] = await instalmentsOf(plan.id);
    expect(row!.paidCents).toBe(row!.amountCents);
    const received = await db()
      .select()
      .from(laybyPayments)
      .where(eq(laybyPayments.planId, plan.id));
    expect(received).toEqual([
      expect.objectContaining({
        amountCents: row!.amountCents,
        paymentId: null,
        recordedBy: "desk-1",
        showroomReference: "TILL-77",
      }),
    ]);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
  });

  it("names each payment to the provider: the deposit, then the instalment being paid", async () => {
    const { order } = await laybyOrder();
    const plan = await planOf(order.id);
    const [deposit] = await instalmentsOf(plan.id);
    const first = await createPaymentAttempt(order, "card", "demo", deposit!);
    const item = async (reference: string) => {
      const start = await startPayment({ reference, siteUrl: "http://shop.test" });
      if (start.kind !== "redirect") throw new Error("The demo gateway redirects.");
      return new URL(start.url).searchParams.get("item");
    };
    expect(await item(first.reference)).toBe(`Order ${order.number}: Lay-by deposit`);
    await notify(demoNotification(first, { status: "approved", brand: "Visa", last4: "4242" }));
    const { next } = await payAgain({
      number: order.number,
      token: order.token,
      paymentMethod: "card",
    });
    expect(await item(next.replace("/payments/", ""))).toBe(
      `Order ${order.number}: Lay-by instalment 1`,
    );
  });
});
