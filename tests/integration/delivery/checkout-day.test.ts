import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryZones, orderEvents, orders } from "~/db/schema";
import { formatLongDay } from "~/domain/delivery/day-names";
import {
  moveOrderDeliveryByShopper,
  TOO_LATE_TO_MOVE,
} from "~/domain/delivery/shopper-delivery.server";
import type { CheckoutQuote } from "~/domain/orders/quote.server";
import type { DomainError } from "~/domain/errors";
import { addDays } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import * as checkoutQuote from "~/routes/api/checkout-quote";
import * as accountOrder from "~/routes/account/order";
import * as orderPage from "~/routes/store/order";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { addPerson } from "../inventory/warehouse-fixtures";
import { recordShowroomPayment } from "~/domain/layby/record-showroom-payment.server";
import { sendPayReminders } from "~/domain/orders/pay-reminder.server";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { checkoutForm, submitCheckoutForm } from "../orders/checkout-requests";
import { addVariant, setUpShop } from "../orders/fixtures";

useTestDatabase();

let bed: number;
let zoneId: number;
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const LICHTENBURG = { city: "Lichtenburg", postal: "2740", province: "NW" };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "checkout-day-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  const shop = await setUpShop();
  bed = (await addVariant(shop, { priceCents: 529_900, stock: 50 })).variantId;
  // One drop a day, so the second checkout for a day finds it full; lead days keep the first
  // day offered far enough off for the shopper to move it.
  const [zone] = await db()
    .insert(deliveryZones)
    .values({
      name: "Lichtenburg and area",
      postalCodes: ["2740"],
      towns: ["Lichtenburg"],
      standardFeeCents: 29_900,
      freeFromCents: 200_000,
      expressFeeCents: 29_900,
      leadDays: 3,
      weekdays: [1, 2, 3, 4, 5],
      dropsPerDay: 1,
    })
    .returning({ id: deliveryZones.id });
  zoneId = zone!.id;
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  delete process.env.SMTP_URL;
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function quote(deliveryMethod = "standard"): Promise<CheckoutQuote> {
  const { returned } = await routeOutcome(
    checkoutQuote.action,
    shopRequest("/api/checkout-quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        lines: [{ variantId: bed, quantity: 1 }],
        deliveryMethod,
        promoCode: "",
        ...LICHTENBURG,
      }),
    }),
    {},
  );
  return (await (returned as Response).json()) as CheckoutQuote;
}

/** A mail's text with its quoted-printable soft line breaks joined. */
const unwrap = (text = "") => text.replace(/=\r?\n/g, "");
const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
const refusal = (answer: { body: FormActionResult | null }) =>
  answer.body && !answer.body.ok ? answer.body : null;

async function bookingOf(orderId: number) {
  const [row] = await db()
    .select({ day: deliveryBookings.day, zoneId: deliveryBookings.zoneId })
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, orderId));
  return row ?? null;
}

async function eventsOf(orderId: number, type: string) {
  return db()
    .select({ message: orderEvents.message, actor: orderEvents.actor })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));
}

let firstOrder: { id: number; number: number; token: string };

describe("choosing a delivery day at checkout", () => {
  it("offers the zone's next ten days, written as a shopper reads them, never a Sunday", async () => {
    const answer = await quote();
    expect(answer.delivery.zone?.name).toBe("Lichtenburg and area");
    expect(answer.delivery.days).toHaveLength(10);
    for (const { day, label } of answer.delivery.days) {
      expect(new Date(`${day}T00:00:00Z`).getUTCDay()).not.toBe(0);
      expect(label).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday) [1-9]\d? [A-Z][a-z]+$/);
    }
    const express = await quote("express");
    expect(express.delivery.days.length).toBeGreaterThan(0);
    expect(express.delivery.days.length).toBeLessThanOrEqual(2);
  });

  it("books the day chosen with the order and puts it on the order's timeline", async () => {
    const day = (await quote()).delivery.days[0]!.day;
    const placed = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], { ...LICHTENBURG, deliveryDay: day }),
    );
    expect(placed.location).toMatch(/^\/payments\//);
    const [order] = await db().select().from(orders).orderBy(orders.id);
    firstOrder = order!;
    expect(await bookingOf(order!.id)).toEqual({ day, zoneId });
    expect(await eventsOf(order!.id, "delivery_booked")).toEqual([
      {
        message: `Delivery booked for ${formatLongDay(day)} (Lichtenburg and area).`,
        actor: "shopper",
      },
    ]);
    // Still unpaid 15 minutes later: the e-mail telling how to pay names the day.
    await sendPayReminders({ now: new Date(order!.createdAt.getTime() + 16 * 60_000) });
    const reminder = smtp.received.find((m) => m.subject.startsWith(`Your order ${order!.number}`));
    expect(unwrap(reminder?.text)).toContain(
      `Delivery day: ${formatLongDay(day)} (Lichtenburg and area). You can move it on your order's page until the day before.`,
    );
  });

  it("answers a day that has just filled at the day field, naming the next free day; no order", async () => {
    const full = (await bookingOf(firstOrder.id))!.day;
    // The page still shows the day (chosen before the other shopper took its last drop).
    const nextFree = (await quote()).delivery.days[0]!.day;
    expect(nextFree > full).toBe(true);
    const before = await orderCount();
    const answer = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], {
        ...LICHTENBURG,
        deliveryDay: full,
        firstName: "Thabo",
      }),
    );
    expect(answer.status).toBe(409);
    expect(refusal(answer)?.fieldErrors.deliveryDay).toBe(
      `That day has just filled up: the next free day is ${formatLongDay(nextFree)}.`,
    );
    expect(refusal(answer)?.values).toMatchObject({ firstName: "Thabo", deliveryDay: full });
    expect(await orderCount()).toBe(before);
  });

  it("refuses a day not offered (a Sunday, nothing, nonsense) at the day field, 400", async () => {
    const before = await orderCount();
    const firstDay = (await quote()).delivery.days[0]!.day;
    let sunday = firstDay;
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    for (const deliveryDay of [sunday, "", "next week", "2020-01-06"]) {
      const answer = await submitCheckoutForm(
        checkoutForm([{ variantId: bed, quantity: 1 }], { ...LICHTENBURG, deliveryDay }),
      );
      expect(answer.status, deliveryDay).toBe(400);
      expect(refusal(answer)?.fieldErrors.deliveryDay).toBe(
        "Please choose one of the delivery days offered.",
      );
    }
    expect(await orderCount()).toBe(before);
  });

  it("books no day for a lay-by at checkout: it is booked once paid in full", async () => {
    const answer = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], {
        ...LICHTENBURG,
        plan: "layby",
        laybyMonths: "3",
        laybyDeposit: "1000",
      }),
    );
    expect(answer.location).toMatch(/^\/payments\//);
    const [order] = await db().select().from(orders).orderBy(orders.id).offset(1);
    expect(await bookingOf(order!.id)).toBeNull();

    // Paid in full at the showroom, in one payment (any amount up to what is owed): the
    // earliest free day is booked and the shopper is told in the paid-in-full e-mail.
    const staff = await addPerson("staff");
    const earliest = (await quote()).delivery.days[0]!.day;
    const result = await recordShowroomPayment({
      orderId: order!.id,
      amountCents: order!.totalCents,
      owedCents: order!.totalCents,
      receiptReference: "R-1",
      actor: staff,
      siteUrl: "http://shop.test",
    });
    expect(result.result).toBe("completed");
    const booked = await bookingOf(order!.id);
    expect(booked?.day).toBe(earliest);
    expect(await eventsOf(order!.id, "delivery_booked")).toEqual([
      {
        message: `Lay-by paid in full: delivery booked for the earliest free day, ${formatLongDay(booked!.day)} (Lichtenburg and area).`,
        actor: "system",
      },
    ]);
    const paidMail = smtp.received.find(
      (m) => m.subject === `Payment received for order ${order!.number}`,
    );
    expect(unwrap(paidMail?.text)).toContain(
      `We have booked its delivery for ${formatLongDay(booked!.day)} (Lichtenburg and area), the earliest free day`,
    );
  });
});

describe("the shopper moves the day on the order's page", () => {
  const post = (fields: Record<string, string>) =>
    routeOutcome(
      orderPage.action,
      formRequest(`/orders/${firstOrder.number}?token=${encodeURIComponent(firstOrder.token)}`, {
        intent: "move-delivery",
        ...fields,
      }),
      { number: String(firstOrder.number) },
    );

  it("shows the day and zone, and moves it within capacity, on the timeline", async () => {
    const { returned } = await routeOutcome(
      orderPage.loader,
      shopRequest(`/orders/${firstOrder.number}?token=${encodeURIComponent(firstOrder.token)}`),
      { number: String(firstOrder.number) },
    );
    const page = returned as Awaited<ReturnType<typeof orderPage.loader>>;
    const booked = (await bookingOf(firstOrder.id))!.day;
    expect(page.delivery).toMatchObject({
      day: booked,
      label: formatLongDay(booked),
      zoneName: "Lichtenburg and area",
      mayMove: true,
    });
    const target = page.delivery!.choices.find((c) => c.day > booked)!.day;
    const { thrown } = await post({ deliveryDay: target });
    expect((thrown as Response).status).toBe(302);
    expect(await bookingOf(firstOrder.id)).toEqual({ day: target, zoneId });
    expect(await eventsOf(firstOrder.id, "delivery_moved")).toEqual([
      {
        message: `Delivery moved by the shopper from ${formatLongDay(booked)} to ${formatLongDay(target)} (Lichtenburg and area).`,
        actor: "shopper",
      },
    ]);
  });

  it("refuses a day not offered at the day field", async () => {
    const { returned } = await post({ deliveryDay: "2020-01-06" });
    const answer = returned as { data: FormActionResult; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.ok === false && answer.data.fieldErrors.deliveryDay).toBe(
      "Please choose one of the delivery days offered.",
    );
  });

  it("cannot move it on the day before the delivery (Johannesburg)", async () => {
    const booked = (await bookingOf(firstOrder.id))!.day;
    // 08:00 in Johannesburg on the day before.
    const dayBefore = new Date(`${addDays(booked, -1)}T06:00:00Z`);
    const error = await moveOrderDeliveryByShopper({
      orderId: firstOrder.id,
      day: addDays(booked, 7),
      now: dayBefore,
    }).then(
      () => null,
      (e: unknown) => e as DomainError,
    );
    expect(error?.message).toBe(TOO_LATE_TO_MOVE);
    expect(error?.kind).toBe("conflict");
    expect(await bookingOf(firstOrder.id)).toEqual({ day: booked, zoneId });
    // Two days before, at 23:00, it still moves.
    const twoBefore = new Date(`${addDays(booked, -2)}T21:00:00Z`);
    const stillOpen = await moveOrderDeliveryByShopper({
      orderId: firstOrder.id,
      day: booked,
      now: twoBefore,
    });
    expect(stillOpen.day).toBe(booked);
  });
});

describe("the shopper moves the day on the account's order page", () => {
  it("shows and moves the day of the account's own order; another account gets a 404", async () => {
    const [holder, other] = [await signedIn("customer"), await signedIn("customer")];
    await db()
      .update(orders)
      .set({ customerUserId: holder.user.id })
      .where(eq(orders.id, firstOrder.id));
    const path = `/account/orders/${firstOrder.number}`;
    const params = { number: String(firstOrder.number) };
    const { returned } = await routeOutcome(
      accountOrder.loader,
      shopRequest(path, { cookie: holder.cookie }),
      params,
    );
    const page = returned as Awaited<ReturnType<typeof accountOrder.loader>>;
    const booked = (await bookingOf(firstOrder.id))!.day;
    expect(page.delivery).toMatchObject({ day: booked, mayMove: true });
    const target = page.delivery!.choices.find((c) => c.day !== booked)!.day;
    const move = (cookie: string) =>
      routeOutcome(
        accountOrder.action,
        formRequest(path, { intent: "move-delivery", deliveryDay: target }, cookie),
        params,
      );
    const refused = await move(other.cookie);
    expect(statusOf(refused.returned ?? refused.thrown)).toBe(404);
    expect((await bookingOf(firstOrder.id))!.day).toBe(booked);
    const { thrown } = await move(holder.cookie);
    expect(statusOf(thrown)).toBe(302);
    expect((await bookingOf(firstOrder.id))!.day).toBe(target);
  });
});
