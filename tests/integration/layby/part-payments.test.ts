import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { invoices, laybyPayments, payments, salesLedger } from "~/db/schema";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { payAgain } from "~/domain/orders/pay-order.server";
import { demoGateway, demoNotification } from "~/domain/payments/demo-gateway.server";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import * as adminOrderPage from "~/routes/admin/order";
import * as shopperOrderPage from "~/routes/store/order";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer, type ReceivedMail } from "../../setup/smtp";
import {
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
  type RouteHandler,
} from "../admin/helpers";
import { setUpShop, stockOf } from "../orders/fixtures";
import {
  instalmentsOf,
  laybyOrder,
  laybyRefundParts,
  orderRow,
  planRow,
} from "./staff-plan-fixtures";

/*
 * Showroom lay-by payments of any amount (docs/decisions/044), on a R10,000 plan: a R1,600
 * deposit and six instalments of R1,400. Each amount settles the instalments in order; the
 * schedule, the shopper's page and the receipt say what is left; every rand reaches the
 * ledger once; a cancellation pays back what was paid, part payments included.
 */

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let staffCookie = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  staffCookie = (await signedIn("staff")).cookie;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

type Answer = {
  ok: boolean;
  alert?: { description: string };
  fieldErrors?: Record<string, string>;
  message?: { title: string; description: string };
};
const body = (value: unknown) => ((value as { data?: unknown }).data ?? value) as Answer;

/** Staff's "Record showroom payment" form, as the lay-by card sends it. */
const record = (number: number, fields: { amount: string; owedCents: number; receipt: string }) =>
  routeOutcome(
    adminOrderPage.action as RouteHandler,
    formRequest(
      `/admin/orders/${number}`,
      {
        intent: "layby-payment",
        amount: fields.amount,
        owedCents: String(fields.owedCents),
        receiptReference: fields.receipt,
      },
      staffCookie,
    ),
    { number: String(number) },
  );

const notify = (params: URLSearchParams) =>
  receivePaymentNotification(
    demoGateway(),
    new Request("http://shop.test/api/payments/demo/notify", { method: "POST", body: params }),
    "127.0.0.1",
  );

/** The mail received since `from`, waiting up to 10 s for the SMTP server (a busy machine). */
async function mailsSince(from: number, count = 1): Promise<ReceivedMail[]> {
  for (let i = 0; i < 200 && smtp.received.length < from + count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return smtp.received.slice(from);
}

const paidAndLeft = async (planId: number) =>
  (await instalmentsOf(planId)).map((i) => [i.number, i.paidCents, i.amountCents - i.paidCents]);

/** The plan's money in the ledger: its payments received online and at the showroom. */
async function ledgerReceived(planId: number) {
  const [row] = rowsOf<{ cents: number; rows: number }>(
    await db().execute(
      sql`select coalesce(sum(amount_cents), 0)::int as cents, count(*)::int as rows
          from sales_ledger where plan_id = ${planId} and kind in ('payment_received', 'showroom_payment')`,
    ),
  );
  return row!;
}

const received = (planId: number) =>
  db()
    .select()
    .from(laybyPayments)
    .where(eq(laybyPayments.planId, planId))
    .orderBy(asc(laybyPayments.id));

async function tenThousandPlan() {
  const made = await laybyOrder(shop, {
    priceCents: 1_000_000,
    depositCents: 160_000,
    months: 6,
    email: `part-${crypto.randomUUID()}@example.com`,
  });
  expect(made.order.totalCents).toBe(1_000_000);
  expect(made.instalments.map((i) => i.amountCents)).toEqual([
    160_000, 140_000, 140_000, 140_000, 140_000, 140_000, 140_000,
  ]);
  return made;
}

describe("a showroom payment of any amount", () => {
  it("settles a R10,000 plan in order, from part of the deposit to the last rand, with what is left shown and every rand in the ledger once", async () => {
    const { order, plan, bed } = await tenThousandPlan();

    // R500, part of the deposit, typed with a decimal comma: the plan still awaits the deposit.
    let mail = smtp.received.length;
    const part = await record(order.number, {
      amount: "500,00",
      owedCents: 1_000_000,
      receipt: "TILL-1",
    });
    expect(body(part.returned)).toMatchObject({ ok: true, message: { title: "Payment Recorded" } });
    expect(body(part.returned).message!.description).toBe(
      "R500.00 recorded: R500.00 of the deposit paid, R1,100.00 left on it. Still owed: R9,500.00.",
    );
    expect(await planRow(order.id)).toMatchObject({ status: "awaiting_deposit" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "partially_paid" });
    expect((await paidAndLeft(plan.id))[0]).toEqual([0, 50_000, 110_000]);
    const [receipt] = await mailsSince(mail);
    expect(receipt!.subject).toBe(`Lay-by payment of R500.00 received for order ${order.number}`);
    expect(receipt!.text).toContain(
      "We have received your lay-by payment of R500.00 for order " +
        `${order.number}: R500.00 of the deposit paid, R1,100.00 left on it.`,
    );
    expect(receipt!.text).toContain("Still to pay: R9,500.00.");
    expect(receipt!.text).toMatch(
      /Next payment: R1,100\.00 left on the deposit \(R500\.00 of R1,600\.00 paid\), due on \d\d\/\d\d\/\d{4}\./,
    );

    // More than is owed is refused at the field, and nothing changes.
    const tooMuch = await record(order.number, {
      amount: "9 500,01",
      owedCents: 950_000,
      receipt: "TILL-2",
    });
    expect(statusOf(tooMuch.returned)).toBe(400);
    expect(body(tooMuch.returned).fieldErrors).toEqual({
      amount: "R9,500.01 is more than the R9,500.00 still owed on this lay-by.",
    });
    // An amount the one parser cannot read for sure, and nothing, are refused too.
    const unclear = await record(order.number, {
      amount: "1,100",
      owedCents: 950_000,
      receipt: "TILL-2",
    });
    expect(body(unclear.returned).fieldErrors).toEqual({
      amount: "Write the amount as 1150,50 or 1150.50.",
    });
    const zero = await record(order.number, { amount: "0", owedCents: 950_000, receipt: "T" });
    expect(statusOf(zero.returned)).toBe(400);
    expect(await received(plan.id)).toHaveLength(1);

    // The rest of the deposit starts the plan; the same form sent again records nothing.
    const rest = { amount: "1 100", owedCents: 950_000, receipt: "TILL-3" };
    expect(body((await record(order.number, rest)).returned).ok).toBe(true);
    const again = await record(order.number, rest);
    expect(statusOf(again.returned)).toBe(409);
    expect(body(again.returned).alert!.description).toMatch(
      /R8,400\.00 is still owed now, not R9,500\.00\. Nothing was recorded/,
    );
    expect(await planRow(order.id)).toMatchObject({ status: "active" });
    expect(await received(plan.id)).toHaveLength(2);

    // R3,000 pays instalments 1 and 2 and R200 of instalment 3.
    mail = smtp.received.length;
    const three = await record(order.number, {
      amount: "3000.00",
      owedCents: 840_000,
      receipt: "TILL-4",
    });
    expect(body(three.returned).message!.description).toBe(
      "R3,000.00 recorded: instalment 1 and instalment 2 paid; R200.00 of instalment 3 paid, R1,200.00 left on it. Still owed: R5,400.00.",
    );
    expect((await paidAndLeft(plan.id)).slice(1, 5)).toEqual([
      [1, 140_000, 0],
      [2, 140_000, 0],
      [3, 20_000, 120_000],
      [4, 0, 140_000],
    ]);
    const [threeMail] = await mailsSince(mail);
    expect(threeMail!.text).toContain(
      "instalment 1 and instalment 2 paid; R200.00 of instalment 3 paid, R1,200.00 left on it.",
    );
    expect(threeMail!.text).toContain("Still to pay: R5,400.00.");
    expect(threeMail!.text).toMatch(
      /Instalment 3, due .*: R1,400\.00, R200\.00 paid, R1,200\.00 left/,
    );

    // The staff card and the shopper's order page show the part payment and what is left.
    const admin = (
      await routeOutcome(
        adminOrderPage.loader as RouteHandler,
        shopRequest(`/admin/orders/${order.number}`, { cookie: staffCookie }),
        { number: String(order.number) },
      )
    ).returned as {
      layby: {
        owedCents: number;
        next: { number: number; leftCents: number };
        received: { amountCents: number; how: string }[];
      };
    };
    expect(admin.layby.owedCents).toBe(540_000);
    expect(admin.layby.next).toMatchObject({ number: 3, leftCents: 120_000 });
    expect(admin.layby.received.map((r) => r.amountCents)).toEqual([50_000, 110_000, 300_000]);
    expect(admin.layby.received[0]!.how).toMatch(/^Showroom, receipt TILL-1 \(/);
    const shopper = (
      await routeOutcome(
        shopperOrderPage.loader as RouteHandler,
        shopRequest(`/orders/${order.number}?token=${order.token}`),
        { number: String(order.number) },
      )
    ).returned as {
      layby: {
        plan: {
          leftCents: number;
          paidCents: number;
          next: { number: number; leftCents: number; paidCents: number };
          instalments: { number: number; paidCents: number; leftCents: number; state: string }[];
        };
        methods: string[];
      };
    };
    expect(shopper.layby.plan).toMatchObject({ paidCents: 460_000, leftCents: 540_000 });
    expect(shopper.layby.plan.next).toMatchObject({
      number: 3,
      paidCents: 20_000,
      leftCents: 120_000,
    });
    expect(shopper.layby.plan.instalments[3]).toMatchObject({ leftCents: 120_000, state: "due" });
    expect(shopper.layby.methods).toContain("card");

    // "Pay next instalment" online pays what is left of instalment 3, never all of it again.
    mail = smtp.received.length;
    const { next } = await payAgain({
      number: order.number,
      token: order.token,
      paymentMethod: "card",
    });
    const reference = next.split("/").at(-1)!;
    const [attempt] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(attempt!.amountCents).toBe(120_000);
    expect(await (await notify(demoNotification(attempt!, { status: "approved" }))).text()).toBe(
      "paid",
    );
    expect((await paidAndLeft(plan.id))[3]).toEqual([3, 140_000, 0]);
    const [onlineMail] = await mailsSince(mail);
    expect(onlineMail!.subject).toBe(
      `Lay-by payment of R1,200.00 received for order ${order.number}`,
    );
    expect(onlineMail!.text).toContain("Still to pay: R4,200.00.");
    expect((await received(plan.id)).at(-1)).toMatchObject({
      amountCents: 120_000,
      paymentId: attempt!.id,
      showroomReference: null,
    });

    // All but the last rand, then the last rand: the order is paid and invoiced as ever.
    await record(order.number, { amount: "4199.99", owedCents: 420_000, receipt: "TILL-5" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "partially_paid" });
    mail = smtp.received.length;
    const last = await record(order.number, { amount: "0,01", owedCents: 1, receipt: "TILL-6" });
    expect(body(last.returned).message!.description).toBe(
      "R0.01 recorded: the lay-by is paid in full and the order is paid.",
    );
    expect(await planRow(order.id)).toMatchObject({ status: "completed" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", stockHold: "sold" });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 9, reserved: 0 });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.totalCents).toBe(1_000_000);
    const paidMails = (await mailsSince(mail)).map((m) => m.subject);
    expect(paidMails).toContain(`Payment received for order ${order.number}`);
    expect((await paidAndLeft(plan.id)).every(([, , left]) => left === 0)).toBe(true);

    // Every rand received is in the ledger once: one row per payment received.
    const all = await received(plan.id);
    expect(all.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1_000_000);
    expect(await ledgerReceived(plan.id)).toEqual({ cents: 1_000_000, rows: all.length });
    const showroomRows = await db()
      .select({ sourceId: salesLedger.sourceId, amountCents: salesLedger.amountCents })
      .from(salesLedger)
      .where(
        and(
          eq(salesLedger.kind, "showroom_payment"),
          inArray(
            salesLedger.sourceId,
            all.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(salesLedger.sourceId));
    expect(showroomRows).toEqual(
      all
        .filter((r) => r.paymentId === null)
        .map((r) => ({ sourceId: r.id, amountCents: r.amountCents })),
    );
  });

  it("refunds what was paid, part payments included, less the charge, when a part-paid plan is cancelled", async () => {
    const { order, plan } = await tenThousandPlan();
    await record(order.number, { amount: "500", owedCents: 1_000_000, receipt: "TILL-A" });
    // The rest of the deposit online, then R700 of instalment 1 at the showroom.
    const { next } = await payAgain({
      number: order.number,
      token: order.token,
      paymentMethod: "card",
    });
    const [attempt] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, next.split("/").at(-1)!));
    expect(attempt!.amountCents).toBe(110_000);
    await notify(demoNotification(attempt!, { status: "approved" }));
    await record(order.number, { amount: "700", owedCents: 840_000, receipt: "TILL-B" });
    expect((await paidAndLeft(plan.id))[1]).toEqual([1, 70_000, 70_000]);

    const result = await cancelLaybyPlan({
      orderId: order.id,
      reason: "shopper",
      actor: "shopper",
      siteUrl: "http://shop.test",
    });
    // Paid R2,300.00; 1% of R10,000 kept; R2,200.00 back.
    expect(result).toMatchObject({ chargeCents: 10_000, refundCents: 220_000 });
    expect(result.explanation[0]).toBe("Paid so far: R2,300.00.");
    const parts = await laybyRefundParts(plan.id);
    expect(parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(220_000);
    // The online payment first, through its provider; the rest, paid at the showroom, by hand.
    expect(parts.map((p) => [p.method, p.paymentId, p.amountCents])).toEqual([
      ["provider", attempt!.id, 110_000],
      ["hand", null, 110_000],
    ]);
  });
});
