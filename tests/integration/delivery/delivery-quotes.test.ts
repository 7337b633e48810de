import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  deliveryZones,
  invoiceLines,
  invoices,
  orderEvents,
  orders,
  payments,
} from "~/db/schema";
import { DEMO_DELIVERY_ZONES } from "~/db/seed/demo-delivery-zones.server";
import { QUOTE_LIST } from "~/domain/delivery/quote-list";
import { listQuotesToGive } from "~/domain/delivery/list-quotes-to-give.server";
import { listOrdersToBook } from "~/domain/delivery/orders-to-book.server";
import { TO_BOOK_LIST } from "~/domain/delivery/to-book-list";
import { QUOTE_HOLD_DAYS } from "~/domain/delivery/give-delivery-quote.server";
import { cancelOrder, markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { payAgain } from "~/domain/orders/pay-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { vatIncludedCents } from "~/domain/orders/totals";
import { demoGateway, demoNotification } from "~/domain/payments/demo-gateway.server";
import { readListParams } from "~/lib/list-params";
import { siteUrl } from "~/lib/site-url.server";
import type { FormActionResult } from "~/lib/forms";
import * as adminOrder from "~/routes/admin/order";
import * as accountOrder from "~/routes/account/order";
import * as storeOrder from "~/routes/store/order";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import { useTestDatabase } from "../../setup/database";
import { ownOutbox } from "../account/helpers";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { checkoutForm, submitCheckoutForm } from "../orders/checkout-requests";
import { addVariant, checkout, setUpShop, stockOf } from "../orders/fixtures";

useTestDatabase();

let outbox: Awaited<ReturnType<typeof ownOutbox>>;
let bed: number; // R5,299
let staffCookie = "";
let staffEmail = "";

const CAPE_TOWN = { city: "Cape Town", postal: "8001", province: "WC" };
const LICHTENBURG_ORDER = { city: "Lichtenburg", postal: "2740", province: "NW" } as const;
const BED = 529_900;
const QUOTE = 120_000;

beforeAll(async () => {
  outbox = await ownOutbox("quotes-test-");
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  bed = (await addVariant(shop, { priceCents: BED, stock: 10 })).variantId;
  await db().insert(deliveryZones).values(DEMO_DELIVERY_ZONES);
  const staff = await signedIn("staff");
  staffCookie = staff.cookie;
  staffEmail = staff.email;
});

afterAll(async () => {
  delete process.env.FORM_RATE_LIMIT;
  await outbox.close();
});

const orderRow = async (number: number) =>
  (await db().select().from(orders).where(eq(orders.number, number)))[0]!;

/** A shopper checks out one bed to Cape Town: the order and its page's link. */
async function quotedCheckout(email = "sipho@example.com") {
  const answer = await submitCheckoutForm(
    checkoutForm([{ variantId: bed, quantity: 1 }], { ...CAPE_TOWN, email }),
  );
  expect(answer.status).toBe(302);
  const location = new URL(answer.location!, "http://shop.test");
  expect(location.pathname).toMatch(/^\/orders\/\d+$/);
  const number = Number(location.pathname.split("/").at(-1));
  return { number, token: location.searchParams.get("token")! };
}

/** Staff post the order page's quote form; the answer's status and body. */
async function quote(number: number, fields: Record<string, string>, cookie = staffCookie) {
  const { returned, thrown } = await routeOutcome(
    adminOrder.action,
    formRequest(`/admin/orders/${number}`, { intent: "quote-delivery", ...fields }, cookie),
    { number: String(number) },
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body };
}

const fieldError = (body: FormActionResult, field: string) =>
  body.ok ? undefined : body.fieldErrors[field];

describe("an order to an address outside every delivery zone", () => {
  let number = 0;
  let token = "";
  let heldBefore = 0;

  it("is placed awaiting its delivery quote: goods held, no payment started", async () => {
    heldBefore = (await stockOf(bed)).reserved;
    ({ number, token } = await quotedCheckout());
    const order = await orderRow(number);
    expect(order).toMatchObject({
      status: "awaiting_payment",
      paymentStatus: "awaiting_quote",
      stockHold: "reserved",
      deliveryCents: 0,
      totalCents: BED,
    });
    expect((await stockOf(bed)).reserved).toBe(heldBefore + 1);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    const mail = (await outbox.mails()).find((m) => m.to.includes("sipho@example.com"))!;
    expect(mail.text).toContain("nothing is to pay yet");
    expect(mail.text).toContain("Delivery: to be quoted by the shop");
  });

  it("is listed in Quotes to give, and not payable from its page", async () => {
    const list = await listQuotesToGive({
      params: readListParams(QUOTE_LIST, new URLSearchParams()),
    });
    expect(list.rows.map((r) => r.orderNumber)).toContain(number);
    await expect(payAgain({ number, token, paymentMethod: "card" })).rejects.toThrow(
      "can no longer be paid",
    );
  });

  it("is left alone by the unpaid-order expiry however long the quote takes", async () => {
    const aMonthOn = new Date(Date.now() + 30 * 24 * 60 * 60_000);
    await expireUnpaidOrders(aMonthOn);
    expect(await orderRow(number)).toMatchObject({
      status: "awaiting_payment",
      paymentStatus: "awaiting_quote",
      stockHold: "reserved",
    });
    expect((await stockOf(bed)).reserved).toBe(heldBefore + 1);
  });

  it("refuses a quote of 0, a negative one, text and nothing, at the amount with 400", async () => {
    for (const [amount, message] of [
      ["0", "A delivery quote must be more than R0.00."],
      ["0,00", "A delivery quote must be more than R0.00."],
      ["-1200", "A delivery quote must be more than R0.00."],
      ["twelve hundred", "Write the amount as 1150,50 or 1150.50."],
      ["", "Enter the delivery quote in rand."],
    ] as const) {
      const answer = await quote(number, { carrier: "own_truck", amount });
      expect(answer.status, amount).toBe(400);
      expect(fieldError(answer.body, "amount"), amount).toBe(message);
    }
    const noCarrier = await quote(number, { carrier: "bicycle", amount: "1200" });
    expect(noCarrier.status).toBe(400);
    expect(fieldError(noCarrier.body, "carrier")).toBe("Choose our own truck or a courier.");
    expect((await orderRow(number)).paymentStatus).toBe("awaiting_quote");
  });

  it("staff quote R1,200 typed as 1200,00: totals and VAT worked out again, payable, e-mailed", async () => {
    const before = Date.now();
    const answer = await quote(number, {
      carrier: "own_truck",
      amount: "1200,00",
      note: "Our truck goes to the Cape on Thursdays.",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: { title: "Quote Sent" } });
    const order = await orderRow(number);
    expect(order).toMatchObject({
      paymentStatus: "unpaid",
      status: "awaiting_payment",
      deliveryCents: QUOTE,
      totalCents: BED + QUOTE,
      vatCents: vatIncludedCents(BED + QUOTE),
    });
    // Held for the shopper to pay for three days from the quote.
    const held = order.payBy.getTime() - before;
    expect(held).toBeGreaterThanOrEqual(QUOTE_HOLD_DAYS * 24 * 60 * 60_000 - 1_000);
    expect(held).toBeLessThan(QUOTE_HOLD_DAYS * 24 * 60 * 60_000 + 60_000);

    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "delivery_quoted")));
    expect(event).toMatchObject({ actor: staffEmail });
    expect(event!.message).toContain("R1,200.00");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "delivery_quoted"), eq(auditLog.subject, `order:${number}`)));
    expect(audit).toHaveLength(1);

    const mail = (await outbox.mails()).filter((m) => m.subject.includes("Delivery quote")).at(-1)!;
    expect(mail.to).toContain("sipho@example.com");
    expect(mail.subject).toContain("R6,499.00");
    expect(mail.text).toContain("R1,200.00 by our own truck");
    expect(mail.text).toContain("Total to pay: R6,499.00");
    expect(mail.text).toContain(`${siteUrl()}/orders/${number}?token=${encodeURIComponent(token)}`);
    // Gone from the list of quotes to give.
    const list = await listQuotesToGive({
      params: readListParams(QUOTE_LIST, new URLSearchParams()),
    });
    expect(list.rows.map((r) => r.orderNumber)).not.toContain(number);
  });

  it("refuses a second quote at the amount with 409", async () => {
    const answer = await quote(number, { carrier: "courier", amount: "900" });
    expect(answer.status).toBe(409);
    expect(fieldError(answer.body, "amount")).toContain("is not awaiting a delivery quote");
  });

  it("is paid through the demo gateway: paid, sold, invoiced with a delivery line of R1,200.00, to book", async () => {
    const { next } = await payAgain({ number, token, paymentMethod: "card" });
    const reference = next.split("/").at(-1)!;
    const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.amountCents).toBe(BED + QUOTE);
    const response = await receivePaymentNotification(
      demoGateway(),
      new Request("http://shop.test/api/payments/demo/notify", {
        method: "POST",
        body: demoNotification(payment!, { status: "approved", brand: "Visa", last4: "4242" }),
      }),
      "127.0.0.1",
    );
    expect(await response.text()).toBe("paid");
    const order = await orderRow(number);
    expect(order).toMatchObject({ paymentStatus: "paid", stockHold: "sold" });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    const lines = await db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id));
    const delivery = lines.find((l) => l.description.startsWith("Delivery"));
    expect(delivery).toMatchObject({
      description: "Delivery as quoted (our own truck)",
      lineTotalCents: QUOTE,
    });
    expect(invoice!.totalCents).toBe(BED + QUOTE);
    const toBook = await listOrdersToBook({
      params: readListParams(TO_BOOK_LIST, new URLSearchParams()),
    });
    const row = toBook.rows.find((r) => r.orderNumber === number)!;
    expect(row).toMatchObject({ zoneId: null, choice: null });
    // Our own truck: staff choose which active zone's round takes it, then one of its days.
    expect(row.zoneChoices).toHaveLength(DEMO_DELIVERY_ZONES.length);
    expect(row.zoneChoices!.every((key) => toBook.choices[key]?.kind === "standard")).toBe(true);
  });

  it("refuses a quote on a paid order", async () => {
    const answer = await quote(number, { carrier: "own_truck", amount: "1200" });
    expect(answer.status).toBe(409);
    expect(fieldError(answer.body, "amount")).toContain("is not awaiting a delivery quote");
  });
});

describe("quotes refused and quoted orders expired or declined", () => {
  it("refuses a quote on an order a zone priced, and on no order", async () => {
    const { order } = await placeOrder(
      checkout([{ variantId: bed, quantity: 1 }], LICHTENBURG_ORDER),
    );
    expect(order.paymentStatus).toBe("unpaid");
    const refused = await quote(order.number, { carrier: "own_truck", amount: "1200" });
    expect(refused.status).toBe(409);
    expect(fieldError(refused.body, "amount")).toContain("is not awaiting a delivery quote");
    expect((await orderRow(order.number)).deliveryCents).toBe(0);
    const missing = await quote(999_999, { carrier: "own_truck", amount: "1200" });
    expect(missing.status).toBe(404);
  });

  it("a quote typed as 1200 is R1,200.00 too; not paid within the hold, the order expires", async () => {
    const { number } = await quotedCheckout("late@example.com");
    expect((await quote(number, { carrier: "courier", amount: "1200" })).status).toBe(200);
    expect((await orderRow(number)).deliveryCents).toBe(QUOTE);
    await expireUnpaidOrders(new Date(Date.now() + (QUOTE_HOLD_DAYS - 1) * 24 * 60 * 60_000));
    expect((await orderRow(number)).status).toBe("awaiting_payment");
    const held = (await stockOf(bed)).reserved;
    await expireUnpaidOrders(new Date(Date.now() + (QUOTE_HOLD_DAYS + 1) * 24 * 60 * 60_000));
    expect((await orderRow(number)).status).toBe("cancelled");
    expect((await stockOf(bed)).reserved).toBe(held - 1);
  });

  it("the shopper declines from the order's page: cancelled, goods released, nothing taken", async () => {
    const { number, token } = await quotedCheckout("decline@example.com");
    await quote(number, { carrier: "own_truck", amount: "1200" });
    const held = (await stockOf(bed)).reserved;
    const wrong = await routeOutcome(
      storeOrder.action,
      formRequest(`/orders/${number}?token=not-the-token`, { intent: "decline-quote" }),
      { number: String(number) },
    );
    expect(statusOf(wrong.returned ?? wrong.thrown)).toBe(404);
    const { thrown } = await routeOutcome(
      storeOrder.action,
      formRequest(`/orders/${number}?token=${encodeURIComponent(token)}`, {
        intent: "decline-quote",
      }),
      { number: String(number) },
    );
    expect(statusOf(thrown)).toBe(302);
    expect(await orderRow(number)).toMatchObject({ status: "cancelled", stockHold: "released" });
    expect((await stockOf(bed)).reserved).toBe(held - 1);
    // Declined once: the page's decline is refused now.
    const again = await routeOutcome(
      storeOrder.action,
      formRequest(`/orders/${number}?token=${encodeURIComponent(token)}`, {
        intent: "decline-quote",
      }),
      { number: String(number) },
    );
    expect(statusOf(again.returned ?? again.thrown)).toBe(409);
  });

  it("the shopper declines from the account's order page too; another account cannot", async () => {
    const { number } = await quotedCheckout("account-decline@example.com");
    await quote(number, { carrier: "own_truck", amount: "1200" });
    const [holder, other] = [await signedIn("customer"), await signedIn("customer")];
    await db()
      .update(orders)
      .set({ customerUserId: holder.user.id })
      .where(eq(orders.number, number));
    const page = await routeOutcome(
      accountOrder.loader,
      shopRequest(`/account/orders/${number}`, { cookie: holder.cookie }),
      { number: String(number) },
    );
    expect(page.returned).toMatchObject({
      quote: { carrierLabel: "Our own truck", amountCents: QUOTE },
      quoteFlow: true,
      canDecline: true,
    });
    const decline = (cookie: string) =>
      routeOutcome(
        accountOrder.action,
        formRequest(`/account/orders/${number}`, { intent: "decline-quote" }, cookie),
        { number: String(number) },
      );
    const refused = await decline(other.cookie);
    expect(statusOf(refused.returned ?? refused.thrown)).toBe(404);
    expect((await orderRow(number)).status).toBe("awaiting_payment");
    const { thrown } = await decline(holder.cookie);
    expect(statusOf(thrown)).toBe(302);
    expect(await orderRow(number)).toMatchObject({ status: "cancelled", stockHold: "released" });
  });

  it("cannot be moved on by staff before it is quoted, only cancelled", async () => {
    const { number } = await quotedCheckout("early@example.com");
    const order = await orderRow(number);
    const actor = { id: null, email: staffEmail };
    await expect(markOrderDelivered({ orderId: order.id, actor })).rejects.toThrow(
      "only a paid order still to deliver can be handed over",
    );
    await cancelOrder({ orderId: order.id, actor });
    expect(await orderRow(number)).toMatchObject({ status: "cancelled", stockHold: "released" });
  });

  it("refuses lay-by where delivery is quoted, at the plan", async () => {
    const answer = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], {
        ...CAPE_TOWN,
        plan: "layby",
        laybyDeposit: "1000",
        laybyMonths: "6",
      }),
    );
    expect(answer.status).toBe(400);
    expect(fieldError(answer.body!, "plan")).toContain("Lay-by is not offered");
  });
});
