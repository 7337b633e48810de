import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryProofs, deliveryZones, users } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { deliveryDayPage } from "~/domain/delivery/delivery-day-page.server";
import { orderProofs } from "~/domain/delivery/delivery-proofs.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { shopperDeliveryView } from "~/domain/delivery/shopper-delivery.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { zone } from "./fixtures";

useTestDatabase();

/** Booked on Monday 23 November 2026 for Thursday 26th; the run is driven on the 26th. */
const monday = new Date("2026-11-23T08:00:00Z");
const DAY = "2026-11-26";
const onTheDay = new Date("2026-11-26T07:30:00Z");
const driver: SessionUser = {
  id: "missed-visit-driver",
  email: "thabo@test-beds.example",
  name: "Thabo Driver",
  role: "staff",
};
const NOTE = "Customer was rude at the gate, dog loose";
const MESSAGE = "I left a card in your post box with our number.";

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let zoneName = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: driver.id, name: driver.name, email: driver.email, role: "staff" });
  const { id } = await zone({ dropsPerDay: 20 });
  const [saved] = await db()
    .select({ name: deliveryZones.name })
    .from(deliveryZones)
    .where(eq(deliveryZones.id, id));
  zoneName = saved!.name;
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

/** A new run for DAY with a paid order booked on it for each stop asked; their numbers and ids. */
async function runWith(stops: number) {
  const run = await createDeliveryRun({
    day: DAY,
    driverId: driver.id,
    truck: `Bakkie ${crypto.randomBytes(2).toString("hex")}`,
    actor: driver,
    now: monday,
  });
  const orders: { number: number; id: number }[] = [];
  for (let i = 0; i < stops; i++) {
    const { order } = await paidOrder(shop, { priceCents: 180_000 });
    await bookOrderDelivery({
      orderNumber: order.number,
      day: DAY,
      mode: "book",
      actor: driver,
      now: monday,
    });
    await addRunStop({ runId: run.id, orderNumber: order.number, actor: driver });
    orders.push({ number: order.number, id: order.id });
  }
  smtp.received.length = 0;
  return { run, orders };
}

const notDelivered = (
  orderNumber: number,
  extra: Partial<Parameters<typeof recordNotDelivered>[0]> = {},
) =>
  recordNotDelivered({
    orderNumber,
    proofKey: crypto.randomUUID(),
    reason: "access_problem",
    note: NOTE,
    actor: driver,
    now: onTheDay,
    ...extra,
  });

/** The shopper's e-mail about the order, its plain text and HTML as they arrived. */
function mailOf(orderNumber: number) {
  const mails = smtp.received.filter((m) => m.subject.endsWith(`order ${orderNumber}`));
  expect(mails.map((m) => m.subject)).toEqual([`We could not deliver: order ${orderNumber}`]);
  const text = mails[0]!.text.replace(/=\r?\n/g, "");
  return { text, html: mails[0]!.html ?? "", all: `${text}\n${mails[0]!.html ?? ""}` };
}

describe("a missed visit on Deliveries > Day", () => {
  it("stays on its day and its run with its reason and the driver's note, after the run's live stops, and is bookable from no row", async () => {
    const { run, orders } = await runWith(2);
    const [kept, missed] = orders;
    await notDelivered(missed!.number, { reason: "nobody_home" });

    const page = await deliveryDayPage({ day: DAY, now: onTheDay });
    const visit = page.failed.find((v) => v.orderNumber === missed!.number);
    expect(visit).toMatchObject({
      orderNumber: missed!.number,
      reason: "nobody_home",
      note: NOTE,
      customerMessage: null,
      zoneName,
      runId: run.id,
      truck: run.truck,
      recordedByName: driver.name,
    });
    expect(visit!.customer).not.toBe("");
    // Its booking is gone: no zone lists it as a booking to move or put on a run.
    const booked = page.zones.flatMap((z) => z.bookings.map((b) => b.orderNumber));
    expect(booked).toContain(kept!.number);
    expect(booked).not.toContain(missed!.number);
    // The run keeps its live stop, and the missed visit after it.
    const onRun = page.runs.find((r) => r.runId === run.id)!;
    expect(onRun.stops.map((s) => s.orderNumber)).toEqual([kept!.number]);
    expect(onRun.failed.map((v) => v.orderNumber)).toEqual([missed!.number]);
    // Another day does not list it.
    const nextDay = await deliveryDayPage({ day: "2026-11-27", now: onTheDay });
    expect(nextDay.failed.map((v) => v.orderNumber)).not.toContain(missed!.number);
  });

  it("lists a delivered visit nowhere among the missed ones", async () => {
    const { orders } = await runWith(1);
    await recordDelivered({
      orderNumber: orders[0]!.number,
      proofKey: crypto.randomUUID(),
      recipientName: "Lerato",
      signature: "",
      signedOnPaper: true,
      actor: driver,
      now: onTheDay,
    });
    const page = await deliveryDayPage({ day: DAY, now: onTheDay });
    expect(page.failed.map((v) => v.orderNumber)).not.toContain(orders[0]!.number);
  });
});

describe("what the customer is told of a missed visit", () => {
  it("the e-mail gives the reason in the shop's words and the driver's message, never the driver's note", async () => {
    const { orders } = await runWith(1);
    const { number, id } = orders[0]!;
    await notDelivered(number, { customerMessage: MESSAGE });

    const mail = mailOf(number);
    expect(mail.text).toContain(
      `Our truck could not deliver order ${number} on Thursday 26 November 2026: could not get in (access).`,
    );
    expect(mail.text).toContain(`Our driver's message: ${MESSAGE}`);
    expect(mail.html).toContain("could not get in (access)");
    expect(mail.all).not.toContain("rude");
    expect(mail.all).not.toContain("dog loose");
    // Staff keep both: the note for the shop and what the customer was told.
    const [proof] = await orderProofs(id);
    expect(proof).toMatchObject({ note: NOTE, customerMessage: MESSAGE });
  });

  it("without a message, the e-mail says only why; for Other, not even the word, and never the note", async () => {
    const { orders } = await runWith(2);
    const [refused, other] = orders;
    await notDelivered(refused!.number, { reason: "refused" });
    await notDelivered(other!.number, {
      reason: "other",
      note: "Gate code in the system is wrong",
    });

    const first = mailOf(refused!.number);
    expect(first.text).toContain(": refused by the customer.");
    expect(first.text).not.toContain("Our driver's message");
    expect(first.all).not.toContain("rude");

    const second = mailOf(other!.number);
    expect(second.text).toContain(
      `Our truck could not deliver order ${other!.number} on Thursday 26 November 2026.`,
    );
    expect(second.all).not.toContain("Gate code");
    expect(second.all.toLowerCase()).not.toContain(": other");
    const [row] = await db()
      .select({ customerMessage: deliveryProofs.customerMessage })
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, other!.id));
    expect(row!.customerMessage).toBeNull();
  });

  it("the shopper's order page shows the reason and the driver's message, not the note", async () => {
    const { orders } = await runWith(1);
    const { number, id } = orders[0]!;
    await notDelivered(number, { reason: "wrong_address", customerMessage: MESSAGE });
    const view = await shopperDeliveryView({ id, status: "processing" }, onTheDay);
    expect(view).toMatchObject({
      missed: true,
      missedReason: "Wrong address",
      driverMessage: MESSAGE,
    });
    expect(JSON.stringify(view)).not.toContain("rude");
  });
});
