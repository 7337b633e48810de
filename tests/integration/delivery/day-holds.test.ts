import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryZones, orderEvents, orders, payments } from "~/db/schema";
import { issueDeviceCookie } from "~/domain/auth/device-cookie.server";
import { formatLongDay } from "~/domain/delivery/day-names";
import { deliveryDayView } from "~/domain/delivery/delivery-day-view.server";
import { deliveryDayChoices } from "~/domain/delivery/shopper-delivery.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { createPaymentAttempt } from "~/domain/orders/record-payment.server";
import { demoGateway, demoNotification } from "~/domain/payments/demo-gateway.server";
import type { FormActionResult } from "~/lib/forms";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import * as paymentReturn from "~/routes/payments/return";
import { useTestDatabase } from "../../setup/database";
import { routeOutcome, shopRequest, statusOf } from "../admin/helpers";
import { checkoutForm, submitCheckoutForm } from "../orders/checkout-requests";
import { addVariant, setUpShop } from "../orders/fixtures";
import { countsMatchBookings, dayRow } from "./fixtures";

/**
 * An unpaid order holds its delivery day only while it is paid (docs/decisions/039): 15
 * minutes, 2 at a time per address, e-mail and device; a declined or cancelled payment lets it
 * go at once, a paid order keeps it.
 */
useTestDatabase();

let bed: number;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let postalCodes = 2760;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "day-holds-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  shop = await setUpShop();
  bed = (await addVariant(shop, { priceCents: 529_900, stock: 200 })).variantId;
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A zone of its own (its own postal code), Monday to Friday, two days' lead. */
async function newZone(dropsPerDay: number) {
  const postal = String(++postalCodes);
  const [zone] = await db()
    .insert(deliveryZones)
    .values({
      name: `Zone ${postal}`,
      postalCodes: [postal],
      standardFeeCents: 29_900,
      expressFeeCents: 29_900,
      leadDays: 2,
      weekdays: [1, 2, 3, 4, 5],
      dropsPerDay,
    })
    .returning({ id: deliveryZones.id });
  const firstDays = async (now = new Date()) =>
    (await deliveryDayChoices({ zoneId: zone!.id, kind: "standard", now })).map((c) => c.day);
  return {
    id: zone!.id,
    postal,
    firstDays,
    firstDay: async (now?: Date) => (await firstDays(now))[0]!,
  };
}

type Zone = Awaited<ReturnType<typeof newZone>>;

let shoppers = 0;

/** One shopper's checkout for `day` in the zone, from `address` (a new e-mail unless given). */
function checkoutIn(
  zone: Zone,
  day: string,
  options: { address?: string; email?: string; cookie?: string; variantId?: number } = {},
) {
  const request = checkoutForm([{ variantId: options.variantId ?? bed, quantity: 1 }], {
    city: "Ventersdorp",
    postal: zone.postal,
    email: options.email ?? `shopper${++shoppers}@example.com`,
    deliveryDay: day,
  });
  if (options.cookie) request.headers.set("cookie", options.cookie);
  return submitCheckoutForm(request, options.address ?? `192.0.2.${++shoppers % 250}`);
}

const refusal = (answer: { body: FormActionResult | null }) =>
  answer.body && !answer.body.ok ? answer.body : null;

/** The order and its payment from the payment link a checkout redirected to. */
async function placed(location: string | null) {
  const reference = location!.replace("/payments/", "");
  const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
  const [order] = await db().select().from(orders).where(eq(orders.id, payment!.orderId));
  return { order: order!, payment: payment! };
}

async function bookingOf(orderId: number) {
  const [row] = await db()
    .select({ day: deliveryBookings.day, heldUntil: deliveryBookings.heldUntil })
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, orderId));
  return row ?? null;
}

function notify(
  payment: { reference: string; amountCents: number },
  status: "approved" | "declined",
) {
  const body = demoNotification(payment, { status, brand: "Visa", last4: "4242" });
  return receivePaymentNotification(
    demoGateway(),
    new Request("http://shop.test/api/payments/demo/notify", { method: "POST", body }),
    "127.0.0.1",
  );
}

const TOO_MANY =
  /^You already have 2 orders waiting for payment that hold a delivery day\. Please complete one of those payments, or try again in (1[0-5]|[1-9]) minutes?\.$/;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("unpaid orders from one shopper", () => {
  it("hold at most 2 days at a time: many unpaid checkouts from one address push the first day by one, not by weeks", async () => {
    const zone = await newZone(2);
    const offered = await zone.firstDays();
    const answers = [];
    // The probe: checkout after checkout from one address, each for the first day offered
    // then, each with another e-mail address, none of them paid.
    for (let i = 0; i < 10; i++) {
      answers.push(await checkoutIn(zone, await zone.firstDay(), { address: "198.51.100.7" }));
    }
    expect(answers.slice(0, 2).map((a) => a.location)).toEqual([
      expect.stringMatching(/^\/payments\//),
      expect.stringMatching(/^\/payments\//),
    ]);
    for (const answer of answers.slice(2)) {
      expect(answer.status).toBe(429);
      expect(refusal(answer)?.alert.title).toBe("Too many unpaid orders");
      expect(refusal(answer)?.fieldErrors.deliveryDay).toMatch(TOO_MANY);
    }
    // The two holds fill the first day (two drops); the next day offered is the one after it.
    expect(await zone.firstDay()).toBe(offered[1]);
    // Another shopper, from elsewhere, still gets a day.
    expect((await checkoutIn(zone, offered[1]!)).location).toMatch(/^\/payments\//);
  });

  it("are counted by e-mail and by device as well as by address", async () => {
    const zone = await newZone(10);
    const day = await zone.firstDay();
    for (let i = 0; i < 2; i++) {
      const answer = await checkoutIn(zone, day, { email: "same@example.com" });
      expect(answer.location).toMatch(/^\/payments\//);
    }
    const byEmail = await checkoutIn(zone, day, { email: "Same@Example.com" });
    expect(byEmail.status).toBe(429);
    expect(refusal(byEmail)?.fieldErrors.deliveryDay).toMatch(TOO_MANY);

    const setCookie = issueDeviceCookie({ userId: "shopper-1", baseURL: "http://shop.test" });
    const cookie = setCookie.split(";")[0]!;
    for (let i = 0; i < 2; i++) {
      expect((await checkoutIn(zone, day, { cookie })).location).toMatch(/^\/payments\//);
    }
    const byDevice = await checkoutIn(zone, day, { cookie });
    expect(byDevice.status).toBe(429);
    expect(refusal(byDevice)?.fieldErrors.deliveryDay).toMatch(TOO_MANY);
  });

  it("at once, from one address, count each other: exactly 2 hold a day", async () => {
    const zone = await newZone(20);
    const day = await zone.firstDay();
    // Each buys another bed, so that nothing else (the stock's row locks) puts them in a queue.
    const beds = await Promise.all(
      Array.from({ length: 6 }, () => addVariant(shop, { priceCents: 529_900, stock: 5 })),
    );
    const answers = await Promise.all(
      beds.map(({ variantId }) => checkoutIn(zone, day, { address: "198.51.100.8", variantId })),
    );
    expect(answers.filter((a) => a.location?.startsWith("/payments/"))).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
  });

  it("may hold days again once their holds have run out", async () => {
    const zone = await newZone(10);
    const day = await zone.firstDay();
    const address = "198.51.100.9";
    const first = [
      await checkoutIn(zone, day, { address }),
      await checkoutIn(zone, day, { address }),
    ];
    expect((await checkoutIn(zone, day, { address })).status).toBe(429);
    // Fifteen minutes on, as the clock would say: the holds have ended (the orders not yet
    // expired, they may still be paid).
    for (const answer of first) {
      const { order } = await placed(answer.location);
      await db()
        .update(deliveryBookings)
        .set({ heldUntil: new Date(Date.now() - 1000) })
        .where(eq(deliveryBookings.orderId, order.id));
    }
    expect((await checkoutIn(zone, day, { address })).location).toMatch(/^\/payments\//);
  });
});

describe("a held day", () => {
  it("is held for 15 minutes: then it counts for nothing, before the order expires", async () => {
    const zone = await newZone(1);
    const day = await zone.firstDay();
    const { order } = await placed((await checkoutIn(zone, day)).location);
    const hold = await bookingOf(order.id);
    expect(hold?.day).toBe(day);
    const heldFor = (hold!.heldUntil!.getTime() - order.createdAt.getTime()) / 60_000;
    expect(heldFor).toBeGreaterThan(14.9);
    expect(heldFor).toBeLessThan(15.1);
    expect(await zone.firstDay()).not.toBe(day);
    expect(await zone.firstDay(minutesFromNow(14))).not.toBe(day);
    // Past the hold, the day is offered again though the order is still awaiting payment.
    expect(await zone.firstDay(minutesFromNow(16))).toBe(day);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "awaiting_payment",
      paymentStatus: "unpaid",
    });
    // The hold was never in the day's count: the expiry gives nothing back twice.
    expect(await dayRow(zone.id, day)).toMatchObject({ booked: 0 });
    await expireUnpaidOrders(new Date(order.payBy.getTime() + 1000));
    expect(await bookingOf(order.id)).toBeNull();
    expect(await dayRow(zone.id, day)).toMatchObject({ booked: 0 });
    expect(await countsMatchBookings(zone.id)).toBe(true);
  });

  it("lapsed, is taken by another shopper; the first order, paid later, is booked the next free day", async () => {
    const zone = await newZone(1);
    const [day, next] = await zone.firstDays();
    const late = await placed((await checkoutIn(zone, day!)).location);
    await db()
      .update(deliveryBookings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(deliveryBookings.orderId, late.order.id));
    // Staff's day view leaves out a hold that has ended: it takes no drop.
    const onDayView = async () =>
      (await deliveryDayView({ day: day! }))
        .find((z) => z.zoneId === zone.id)!
        .bookings.map((b) => b.orderNumber);
    expect(await onDayView()).toEqual([]);
    const other = await placed((await checkoutIn(zone, day!)).location);
    expect((await bookingOf(other.order.id))?.day).toBe(day);
    expect(await onDayView()).toEqual([other.order.number]);
    expect((await notify(other.payment, "approved")).status).toBe(200);
    expect((await notify(late.payment, "approved")).status).toBe(200);
    expect(await bookingOf(late.order.id)).toEqual({ day: next, heldUntil: null });
    const events = await db()
      .select({ message: orderEvents.message })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, late.order.id), eq(orderEvents.type, "delivery_moved")));
    expect(events).toEqual([
      {
        message: `${formatLongDay(day!)} was no longer free when the payment came (its hold had ended): delivery booked for the next free day, ${formatLongDay(next!)} (Zone ${zone.postal}).`,
      },
    ]);
    expect(await dayRow(zone.id, day!)).toMatchObject({ booked: 1, capacity: 1 });
    expect(await dayRow(zone.id, next!)).toMatchObject({ booked: 1, capacity: 1 });
    expect(await countsMatchBookings(zone.id)).toBe(true);
  });

  it("is let go at once when the payment is declined, and taken again when the order is paid", async () => {
    const zone = await newZone(1);
    const day = await zone.firstDay();
    const { order, payment } = await placed((await checkoutIn(zone, day)).location);
    expect(await zone.firstDay()).not.toBe(day);
    expect((await notify(payment, "declined")).status).toBe(200);
    expect(await zone.firstDay()).toBe(day);
    // Paid on a second try while the day is still free: it is booked on the day chosen.
    const retry = await createPaymentAttempt(order, "card", "demo");
    expect((await notify(retry, "approved")).status).toBe(200);
    expect(await bookingOf(order.id)).toEqual({ day, heldUntil: null });
    expect(await zone.firstDay()).not.toBe(day);
    expect(await countsMatchBookings(zone.id)).toBe(true);
  });

  it("is let go at once when the shopper cancels at the payment page", async () => {
    const zone = await newZone(1);
    const day = await zone.firstDay();
    const { order, payment } = await placed((await checkoutIn(zone, day)).location);
    expect(await zone.firstDay()).not.toBe(day);
    const { thrown } = await routeOutcome(
      paymentReturn.loader,
      shopRequest(`/payments/${payment.reference}/return?cancelled=1`),
      { reference: payment.reference },
    );
    expect(statusOf(thrown)).toBe(302);
    expect(await zone.firstDay()).toBe(day);
    expect((await bookingOf(order.id))?.day).toBe(day);
  });

  it("becomes the paid order's booking, kept after the hold time", async () => {
    const zone = await newZone(1);
    const day = await zone.firstDay();
    const { order, payment } = await placed((await checkoutIn(zone, day)).location);
    expect((await notify(payment, "approved")).status).toBe(200);
    expect(await bookingOf(order.id)).toEqual({ day, heldUntil: null });
    expect(await dayRow(zone.id, day)).toMatchObject({ booked: 1 });
    expect(await zone.firstDay(minutesFromNow(120))).not.toBe(day);
    // A late cancel link changes nothing for a paid order.
    await routeOutcome(
      paymentReturn.loader,
      shopRequest(`/payments/${payment.reference}/return?cancelled=1`),
      { reference: payment.reference },
    );
    expect(await zone.firstDay(minutesFromNow(120))).not.toBe(day);
    expect(await countsMatchBookings(zone.id)).toBe(true);
  });
});
