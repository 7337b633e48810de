import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orderEvents, orders, payments, promotions, stockMovements, users } from "~/db/schema";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { checkCard, demoGateway, demoNotification } from "~/domain/payments/demo-gateway.server";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import { createPaymentAttempt } from "~/domain/orders/record-payment.server";
import { useTestDatabase } from "../../setup/database";
import { addPromotion, addVariant, checkout, setUpShop, stockOf } from "./fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
beforeAll(async () => {
  // Payment mails go to an outbox of the test's own.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "orders-test-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  // A staff member, who gets the paid-order notice (Payment Confirmations is on by default).
  await db()
    .insert(users)
    .values({ id: "desk-1", name: "Desk", email: "desk@example.com", role: "staff" });
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const notifyUrl = "http://shop.test/api/payments/demo/notify";

function notify(body: URLSearchParams) {
  return receivePaymentNotification(
    demoGateway(),
    new Request(notifyUrl, { method: "POST", body }),
    "127.0.0.1",
  );
}

async function orderWithPayment(quantity: number, stock = 10) {
  const bed = await addVariant(shop, { priceCents: 250_000, stock });
  const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity }]));
  const payment = await createPaymentAttempt(order, "card", "demo");
  return { bed, order, payment };
}

const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe("demo gateway notifications", () => {
  it("refuse a bad signature and change nothing", async () => {
    const { bed, order, payment } = await orderWithPayment(2);
    const body = demoNotification(payment, { status: "approved", brand: "Visa", last4: "4242" });
    body.set("amount", "1");
    const response = await notify(body);
    expect(response.status).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 2 });
  });

  it("mark the order paid once, turning the held stock into a sale; a replay changes nothing", async () => {
    const { bed, order, payment } = await orderWithPayment(2);
    const body = demoNotification(payment, { status: "approved", brand: "Visa", last4: "4242" });
    const first = await notify(body);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("paid");
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: "paid", status: "to_deliver", stockHold: "sold" });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 8, reserved: 0 });
    const ledger = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, bed.variantId));
    expect(ledger.map((m) => [m.kind, m.quantity, m.reference])).toEqual([
      ["sale", -2, `Order ${order.number}`],
    ]);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: "approved", cardBrand: "Visa", cardLast4: "4242" });

    const replay = await notify(body);
    expect(await replay.text()).toBe("duplicate");
    const again = await notify(
      demoNotification(payment, { status: "approved", brand: "Visa", last4: "4242" }),
    );
    expect(await again.text()).toBe("duplicate");
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 8, reserved: 0 });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.type === "payment_approved")).toHaveLength(1);
    // The shopper's receipt and the staff member's notice, once each despite the replays.
    const mail = await fs.readdir(path.join(dataDir, "outbox"));
    expect(mail.length).toBe(2);
  });

  it("ignore a signed notification for the wrong amount", async () => {
    const { order, payment } = await orderWithPayment(1);
    const response = await notify(
      demoNotification(
        { ...payment, amountCents: payment.amountCents - 100 },
        { status: "approved" },
      ),
    );
    expect(await response.text()).toBe("amount_mismatch");
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
  });

  it("leave a declined order unpaid, its stock held, to pay again", async () => {
    const { bed, order, payment } = await orderWithPayment(1);
    expect(await (await notify(demoNotification(payment, { status: "declined" }))).text()).toBe(
      "declined",
    );
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "unpaid",
      status: "awaiting_payment",
      stockHold: "reserved",
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 1 });
    const retry = await createPaymentAttempt(order, "payfast", "demo");
    expect(await (await notify(demoNotification(retry, { status: "approved" }))).text()).toBe(
      "paid",
    );
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "paid",
      paymentMethod: "payfast",
    });
  });
});

describe("expiring unpaid orders", () => {
  it("cancels overdue orders once, releases their stock and gives the code's use back", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 10 });
    await addPromotion({ code: "EXPIRE1", usageLimit: 5 });
    const late = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 3 }], { promoCode: "EXPIRE1" }),
    );
    const onTime = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 2 }]));
    const payment = await createPaymentAttempt(late.order, "card", "demo");
    await db()
      .update(orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.order.id));
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 5 });

    // Two processes at once: each overdue order is cancelled (and its stock released) once.
    const counts = await Promise.all([expireUnpaidOrders(), expireUnpaidOrders()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await orderRow(late.order.id)).toMatchObject({
      status: "cancelled",
      stockHold: "released",
    });
    expect((await orderRow(onTime.order.id)).status).toBe("awaiting_payment");
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 2 });
    const [code] = await db().select().from(promotions).where(eq(promotions.code, "EXPIRE1"));
    expect(code!.usedCount).toBe(0);
    expect(await expireUnpaidOrders()).toBe(0);

    // Money arriving after expiry is recorded for staff; the order stays cancelled.
    const late2 = await notify(demoNotification(payment, { status: "approved" }));
    expect(await late2.text()).toBe("order_closed");
    expect((await orderRow(late.order.id)).status).toBe("cancelled");
    const [attention] = await db()
      .select()
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, late.order.id),
          eq(orderEvents.type, "payment_needs_attention"),
        ),
      );
    expect(attention!.message).toMatch(/it is owed back, listed under Money owed back/);
  });
});

describe("cancelling in the back office", () => {
  it("before payment releases the stock and gives the code's use back", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 4 });
    await addPromotion({ code: "STAFFCANCEL", usageLimit: 1 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 2 }], { promoCode: "STAFFCANCEL" }),
    );
    await db()
      .insert(users)
      .values({ id: "staff-1", name: "Staff", email: "staff@example.com", role: "staff" });
    await cancelOrder({ orderId: order.id, actor: { id: "staff-1", email: "staff@example.com" } });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 4, reserved: 0 });
    const [code] = await db().select().from(promotions).where(eq(promotions.code, "STAFFCANCEL"));
    expect(code!.usedCount).toBe(0);
  });
});

describe("the demo gateway's card check", () => {
  const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvv: "123", cardName: "T M" };
  it.each([
    [{ ...card }, { ok: true, status: "approved", brand: "Visa", last4: "4242" }],
    [
      { ...card, cardNumber: "4000000000000002" },
      { ok: true, status: "declined", last4: "0002" },
    ],
    [
      { ...card, cardNumber: "5555 5555 5555 4444" },
      { ok: true, brand: "Mastercard" },
    ],
    [
      { ...card, cvv: "" },
      { ok: false, alert: { title: "Payment Information Required" } },
    ],
    [
      { ...card, cardName: " " },
      { ok: false, alert: { title: "Payment Information Required" } },
    ],
    [
      { ...card, cardNumber: "4242 4242 4242 4241" },
      { ok: false, fieldErrors: { cardNumber: "This card number is not valid." } },
    ],
    [
      { ...card, expiry: "01/20" },
      { ok: false, fieldErrors: { expiry: "This card has expired." } },
    ],
    [
      { ...card, expiry: "13/30" },
      { ok: false, fieldErrors: { expiry: "Write the expiry date as MM/YY." } },
    ],
    [
      { ...card, cardNumber: "4".repeat(20) },
      { ok: false, fieldErrors: { cardNumber: "A card number has at most 19 characters." } },
    ],
  ])("%o -> %o", (input, expected) => {
    expect(checkCard(input, new Date("2026-11-22"))).toMatchObject(expected);
  });
});
