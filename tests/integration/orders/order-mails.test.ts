import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders, payments } from "~/db/schema";
import { formatLongDay } from "~/domain/delivery/day-names";
import { giveDeliveryQuote } from "~/domain/delivery/give-delivery-quote.server";
import { deliveryDayChoices } from "~/domain/delivery/shopper-delivery.server";
import { applyPaymentOutcome } from "~/domain/orders/apply-payment-outcome.server";
import { completeCheckout } from "~/domain/orders/checkout.server";
import { PAY_REMINDER_MINUTES, sendPayReminders } from "~/domain/orders/pay-reminder.server";
import { formatMoney } from "~/lib/money";
import { siteUrl } from "~/lib/site-url.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { zone } from "../delivery/fixtures";
import { addPerson } from "../inventory/warehouse-fixtures";
import { addVariant, checkout, setUpShop } from "./fixtures";

/*
 * One e-mail for an order paid at once (docs/decisions/050, "E-mails"): placing it sends the
 * shopper nothing while they pay at the provider's page; paid, they get the confirmation with
 * its day. Only an order still unpaid a while later is told how to pay, once.
 */

useTestDatabase();

const SITE = "http://shop.test";
let shop: Awaited<ReturnType<typeof setUpShop>>;
let zoneId: number;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let staffEmail: string;
let shoppers = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  zoneId = (await zone({ leadDays: 1 })).id;
  // A staff member: New Orders and Payment Confirmations are on by default.
  staffEmail = (await addPerson("staff")).email;
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

/** A mail's text with its quoted-printable soft line breaks joined. */
const unwrap = (text = "") => text.replace(/=\r?\n/g, "");
const mailsTo = (to: string) => smtp.received.filter((m) => m.to === to);
const after = (order: { createdAt: Date }, minutes: number) =>
  new Date(order.createdAt.getTime() + minutes * 60_000);
const orderRow = async (number: number) =>
  (await db().select().from(orders).where(eq(orders.number, number)))[0]!;

/** Checks out one bed as a shopper of its own, through the checkout; the order and its payment. */
async function checkOut(overrides: Parameters<typeof checkout>[1] = {}) {
  const bed = await addVariant(shop, { priceCents: 250_000, stock: 20 });
  const email = `shopper-${++shoppers}@example.com`;
  const [first] = await deliveryDayChoices({ zoneId, kind: "standard" });
  const { next } = await completeCheckout({
    input: {
      ...checkout([{ variantId: bed.variantId, quantity: 1 }], { email, ...overrides }),
      deliveryDay: first!.day,
      terms: "on",
    },
    siteUrl: SITE,
  });
  const [order] = await db()
    .select()
    .from(orders)
    .where(eq(orders.email, email))
    .orderBy(orders.id);
  const reference = /^\/payments\/(.+)$/.exec(next)?.[1];
  const [payment] = reference
    ? await db().select().from(payments).where(eq(payments.reference, reference))
    : [];
  return { order: order!, payment, day: first!.day, email };
}

async function pay(payment: { reference: string; amountCents: number }) {
  const recorded = await applyPaymentOutcome(
    {
      provider: "demo",
      reference: payment.reference,
      providerReference: `demo_${payment.reference}`,
      status: "approved",
      amountCents: payment.amountCents,
    },
    SITE,
  );
  expect(recorded.result).toBe("paid");
}

describe("a card order paid at once", () => {
  it("gets the shopper one e-mail: confirmed and paid, its lines, total, booked day and page", async () => {
    const { order, payment, day, email } = await checkOut();
    // At the provider's page: nothing to the shopper yet; staff hear of the new order.
    expect(mailsTo(email)).toEqual([]);
    await pay(payment!);
    // Later runs of the pay reminder leave a paid order alone.
    await sendPayReminders({ now: after(order, PAY_REMINDER_MINUTES + 1) });
    await sendPayReminders({ now: after(order, 45) });

    const toShopper = mailsTo(email);
    expect(toShopper.map((m) => m.subject)).toEqual([
      `Your order ${order.number} at Test Beds is confirmed and paid`,
    ]);
    const text = unwrap(toShopper[0]!.text);
    expect(text).toContain(`Thank you for your order ${order.number}.`);
    expect(text).toContain("1 x ");
    expect(text).toContain(`Total: ${formatMoney(order.totalCents, { cents: true })}`);
    expect(text).toContain(`Delivery day: ${formatLongDay(day)}`);
    expect(text).toContain(`${SITE}/orders/${order.number}?token=`);
    expect(toShopper[0]!.html).toContain(formatLongDay(day));
    expect(toShopper[0]!.html).toContain("See your order");
    expect(toShopper[0]!.html).not.toContain("See your order and pay");

    // Staff: one e-mail per event, the new order and its payment.
    expect(
      mailsTo(staffEmail)
        .map((m) => m.subject.replace(/:.*$/, ""))
        .sort(),
    ).toEqual([`New order ${order.number}`, `New paid order ${order.number}`]);
  });
});

describe("an order left unpaid", () => {
  it("gets the pay e-mail only once the job runs 15 minutes after placing, and once only", async () => {
    const { order, email } = await checkOut();
    expect(mailsTo(email)).toEqual([]);

    await sendPayReminders({ now: after(order, PAY_REMINDER_MINUTES - 1) });
    expect(mailsTo(email)).toEqual([]);

    // Two server copies run the job at once: one e-mail.
    await Promise.all([
      sendPayReminders({ now: after(order, PAY_REMINDER_MINUTES + 1) }),
      sendPayReminders({ now: after(order, PAY_REMINDER_MINUTES + 1) }),
    ]);
    await sendPayReminders({ now: after(order, 30) });
    const toShopper = mailsTo(email);
    expect(toShopper.map((m) => m.subject)).toEqual([
      `Your order ${order.number} at Test Beds is waiting for payment`,
    ]);
    const text = unwrap(toShopper[0]!.text);
    expect(text).toContain(`See your order and pay: ${siteUrl()}/orders/${order.number}?token=`);
    expect(toShopper[0]!.html).toContain("See your order and pay");
    expect((await orderRow(order.number)).payReminderSentAt).not.toBeNull();
  });

  it("gets none once its time to pay has run out", async () => {
    const { order, email } = await checkOut();
    await sendPayReminders({ now: new Date(order.payBy.getTime() + 60_000) });
    expect(mailsTo(email)).toEqual([]);
  });
});

describe("orders whose placing e-mail tells how to pay keep it, and no reminder", () => {
  it("a lay-by: its confirmation with the terms and the deposit's link", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const email = `shopper-${++shoppers}@example.com`;
    await completeCheckout({
      input: {
        ...checkout([{ variantId: bed.variantId, quantity: 1 }], { email }),
        layby: { months: 3, depositCents: 100_000 },
        terms: "on",
      },
      siteUrl: SITE,
    });
    const [order] = await db().select().from(orders).where(eq(orders.email, email));
    await sendPayReminders({ now: after(order!, PAY_REMINDER_MINUTES + 1) });
    const toShopper = mailsTo(email);
    expect(toShopper.map((m) => m.subject)).toEqual([`Your order ${order!.number} at Test Beds`]);
    expect(unwrap(toShopper[0]!.text)).toContain("Lay-by over 3 months");
    expect(toShopper[0]!.html).toContain("See your order and pay");
  });

  it("a delivery to quote: its confirmation; quoted, still no reminder (the quote's e-mail has the link)", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const email = `shopper-${++shoppers}@example.com`;
    await completeCheckout({
      input: {
        ...checkout([{ variantId: bed.variantId, quantity: 1 }], {
          email,
          city: "Cape Town",
          postal: "8001",
          province: "WC",
        }),
        terms: "on",
      },
      siteUrl: SITE,
    });
    const [order] = await db().select().from(orders).where(eq(orders.email, email));
    expect(order!.paymentStatus).toBe("awaiting_quote");
    await giveDeliveryQuote({
      orderNumber: order!.number,
      input: { carrier: "courier", amount: 120_000, note: "" },
      actor: await addPerson("staff"),
    });
    expect((await orderRow(order!.number)).paymentStatus).toBe("unpaid");
    await sendPayReminders({ now: after(order!, PAY_REMINDER_MINUTES + 1) });
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      `Your order ${order!.number} at Test Beds`,
    ]);
  });
});
