// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, laybyPayments } from "~/db/schema";
import { laybySummary, listLaybyPlans } from "~/domain/layby/list-plans.server";
import { LAYBY_LIST } from "~/domain/layby/plan-list";
import { readListParams } from "~/lib/list-params";
import { amountInputValue } from "~/lib/money";
import * as laybyPlans from "~/routes/admin/layby-plans";
import * as orderPage from "~/routes/admin/order";
import * as ordersPage from "~/routes/admin/orders";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import {
  STAFF_SIGN_IN,
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

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
const cookies = {} as Record<"customer" | "staff" | "owner", string>;
let staffEmail = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  cookies.customer = (await signedIn("customer")).cookie;
  const staff = await signedIn("staff");
  cookies.staff = staff.cookie;
  staffEmail = staff.email;
  cookies.owner = (await signedIn("owner")).cookie;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as {
    ok: boolean;
    alert?: { description: string };
    fieldErrors?: Record<string, string>;
    message?: { title: string; description: string };
  };
const post = (number: number, fields: Record<string, string>, cookie?: string) =>
  routeOutcome(
    orderPage.action as RouteHandler,
    formRequest(`/admin/orders/${number}`, fields, cookie),
    { number: String(number) },
  );
const pageOf = (number: number, cookie: string) =>
  routeOutcome(
    orderPage.loader as RouteHandler,
    shopRequest(`/admin/orders/${number}`, { cookie }),
    { number: String(number) },
  );

describe("who may use the lay-by tab and forms", () => {
  const intents: Record<string, string>[] = [
    { intent: "layby-payment", amount: "100", owedCents: "740000", receiptReference: "TILL-9" },
    { intent: "layby-cancel", chargeRule: "hospitalisation_or_death" },
    {
      intent: "refund-record-part",
      refundId: "1",
      partId: "1",
      outcome: "paid_by_hand",
      reference: "CASH-1",
    },
  ];

  it("signed out goes to the staff sign-in and a customer gets 403, for the tab and every lay-by intent", async () => {
    const { order } = await laybyOrder(shop, { priceCents: 800_000, paid: ["online"] });
    for (const cookie of [undefined, cookies.customer]) {
      const tab = await routeOutcome(
        laybyPlans.loader as RouteHandler,
        shopRequest("/admin/orders/layby", { cookie }),
        {},
      );
      for (const fields of intents) {
        const result = await post(order.number, fields, cookie);
        for (const outcome of [tab, result]) {
          expect(outcome.returned).toBeUndefined();
          if (cookie) expect(statusOf(outcome.thrown)).toBe(403);
          else expect((outcome.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
        }
      }
    }
    expect(await planRow(order.id)).toMatchObject({ status: "active" });
  });

  it("staff and the owner see the tab, searched and filtered", async () => {
    const { order } = await laybyOrder(shop, {
      priceCents: 800_000,
      paid: ["online"],
      email: "tab-search@example.com",
    });
    for (const cookie of [cookies.staff, cookies.owner]) {
      const result = await routeOutcome(
        laybyPlans.loader as RouteHandler,
        shopRequest("/admin/orders/layby?q=tab-search&status=active", { cookie }),
        {},
      );
      const data = result.returned as Awaited<ReturnType<typeof listLaybyPlans>>;
      expect(data.rows.map((r) => r.number)).toEqual([order.number]);
    }
    const none = await routeOutcome(
      laybyPlans.loader as RouteHandler,
      shopRequest("/admin/orders/layby?q=tab-search&status=completed", { cookie: cookies.staff }),
      {},
    );
    expect((none.returned as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe("the Lay-by tab's figures", () => {
  it("shows paid so far, the next due day and the arrears on the shop's day", async () => {
    const { order, schedule } = await laybyOrder(shop, {
      priceCents: 1_000_000,
      months: 3,
      paid: ["online", "showroom"],
      email: "figures@example.com",
      startDay: "2026-01-10",
    });
    const params = readListParams(LAYBY_LIST, new URLSearchParams("q=figures@example.com"));
    // 10 April is instalment 3's day; instalment 2 (10 March) is overdue.
    const { rows, summary } = await listLaybyPlans(params, new Date("2026-04-09T08:00:00Z"));
    expect(rows).toEqual([
      expect.objectContaining({
        number: order.number,
        paidCents: schedule.payments[0]!.amountCents + schedule.payments[1]!.amountCents,
        nextDueDay: "2026-03-10",
        arrearsCount: 1,
        arrearsCents: schedule.payments[2]!.amountCents,
      }),
    ]);
    expect(summary.inArrears).toBeGreaterThanOrEqual(1);

    // All orders' tab link counts the plans in arrears too (today: the plan's end is past).
    const all = await routeOutcome(
      ordersPage.loader as RouteHandler,
      shopRequest("/admin/orders", { cookie: cookies.staff }),
      {},
    );
    const { inArrears } = all.returned as { inArrears: number };
    expect(inArrears).toBeGreaterThanOrEqual(1);
    expect(inArrears).toBe((await laybySummary()).inArrears);
  });
});

describe("the admin order page's lay-by section", () => {
  it("records showroom payments of any amount by staff and the owner, refuses a repeat, a missing receipt or amount, and completes the plan with the last", async () => {
    const { order, plan, bed, schedule } = await laybyOrder(shop, {
      priceCents: 700_000,
      months: 1,
      paid: ["online"],
    });
    const owed = schedule.payments[1]!.amountCents;
    const page = (await pageOf(order.number, cookies.staff)).returned as {
      layby: { next: { number: number; leftCents: number }; owedCents: number };
    };
    expect(page.layby.next).toMatchObject({ number: 1, leftCents: owed });
    expect(page.layby.owedCents).toBe(owed);

    const missing = await post(
      order.number,
      { intent: "layby-payment", amount: "", owedCents: String(owed), receiptReference: " " },
      cookies.staff,
    );
    expect(statusOf(missing.returned)).toBe(400);
    expect(body(missing.returned).fieldErrors).toEqual({
      amount: "Enter the amount received.",
      receiptReference: "This field is required.",
    });

    // Staff record part of it; the owner the rest, which pays the order.
    const part = await post(
      order.number,
      {
        intent: "layby-payment",
        amount: "100",
        owedCents: String(owed),
        receiptReference: "TILL-0041",
      },
      cookies.staff,
    );
    expect(body(part.returned)).toMatchObject({ ok: true, message: { title: "Payment Recorded" } });
    expect((await instalmentsOf(plan.id))[1]!.paidCents).toBe(10_000);
    const paid = await post(
      order.number,
      {
        intent: "layby-payment",
        amount: amountInputValue(owed - 10_000),
        owedCents: String(owed - 10_000),
        receiptReference: "TILL-0042",
      },
      cookies.owner,
    );
    expect(body(paid.returned)).toMatchObject({ ok: true, message: { title: "Payment Recorded" } });
    expect(body(paid.returned).message!.description).toMatch(/paid in full/);
    expect(await planRow(order.id)).toMatchObject({ status: "completed" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", stockHold: "sold" });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 9, reserved: 0 });
    const last = (await instalmentsOf(plan.id))[1]!;
    expect(last.paidCents).toBe(last.amountCents);
    const showroom = await db()
      .select()
      .from(laybyPayments)
      .where(and(eq(laybyPayments.planId, plan.id), isNull(laybyPayments.paymentId)))
      .orderBy(laybyPayments.id);
    expect(showroom.map((r) => [r.amountCents, r.showroomReference, r.recordedBy])).toEqual([
      [10_000, "TILL-0041", staffEmail],
      [owed - 10_000, "TILL-0042", expect.stringMatching(/^owner-/)],
    ]);

    const again = await post(
      order.number,
      {
        intent: "layby-payment",
        amount: amountInputValue(owed - 10_000),
        owedCents: String(owed - 10_000),
        receiptReference: "TILL-0042",
      },
      cookies.owner,
    );
    expect(statusOf(again.returned)).toBe(409);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, `order:${order.number}`),
          eq(auditLog.action, "layby_payment_recorded"),
        ),
      )
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ amountCents: 10_000, receipt: "TILL-0041" }),
      expect.objectContaining({ amountCents: owed - 10_000, receipt: "TILL-0042", owedCents: 0 }),
    ]);
  });

  it("refuses the plain 'Cancel order' for a lay-by being paid; Cancel lay-by asks why, and waives the charge for hospitalisation or death", async () => {
    const { order, plan } = await laybyOrder(shop, { priceCents: 800_000, paid: ["showroom"] });
    const plain = await post(order.number, { intent: "cancel" }, cookies.staff);
    expect(statusOf(plain.returned)).toBe(409);
    expect(body(plain.returned).alert!.description).toMatch(/Cancel lay-by/);
    // Nor does it go to delivery before the last payment.
    const early = await post(order.number, { intent: "mark-delivered" }, cookies.owner);
    expect(statusOf(early.returned)).toBe(409);
    expect(body(early.returned).alert!.description).toMatch(/only a paid order still to deliver/);
    expect(await orderRow(order.id)).toMatchObject({ status: "layby" });

    const noReason = await post(order.number, { intent: "layby-cancel" }, cookies.owner);
    expect(statusOf(noReason.returned)).toBe(400);
    expect(body(noReason.returned).fieldErrors).toEqual({
      chargeRule: "Choose why the lay-by is cancelled.",
    });
    const unknownReason = await post(
      order.number,
      { intent: "layby-cancel", chargeRule: "bored" },
      cookies.owner,
    );
    expect(body(unknownReason.returned).fieldErrors).toHaveProperty("chargeRule");
    expect(await planRow(order.id)).toMatchObject({ status: "active" });
    const cancelled = await post(
      order.number,
      { intent: "layby-cancel", chargeRule: "hospitalisation_or_death" },
      cookies.owner,
    );
    expect(body(cancelled.returned)).toMatchObject({
      ok: true,
      message: { title: "Lay-by Cancelled" },
    });
    expect(await planRow(order.id)).toMatchObject({
      chargeCents: 0,
      chargeRule: "hospitalisation_or_death",
    });
    const again = await post(
      order.number,
      { intent: "layby-cancel", chargeRule: "charge" },
      cookies.staff,
    );
    expect(statusOf(again.returned)).toBe(409);

    // What was paid at the showroom is paid back by hand, and recorded with the forms every
    // refund uses, shown on the lay-by card.
    const [cash] = await laybyRefundParts(plan.id);
    expect(cash).toMatchObject({ method: "hand", status: "pending" });
    const page = (await pageOf(order.number, cookies.staff)).returned as {
      awaiting: { partId: number; kind: string }[];
      layby: { refunds: { id: number }[] };
    };
    expect(page.layby.refunds.map((r) => r.id)).toEqual([cash!.id]);
    expect(page.awaiting).toEqual([expect.objectContaining({ partId: cash!.id, kind: "layby" })]);
    const record = (reference: string) => ({
      intent: "refund-record-part",
      refundId: String(cash!.refundId),
      partId: String(cash!.id),
      outcome: "paid_by_hand",
      reference,
    });
    const noReference = await post(order.number, record(""), cookies.staff);
    expect(body(noReference.returned).fieldErrors).toHaveProperty("reference");
    const paidOut = await post(order.number, record("CASH-77"), cookies.staff);
    expect(body(paidOut.returned)).toMatchObject({ ok: true });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    const twice = await post(order.number, record("CASH-77"), cookies.staff);
    expect(statusOf(twice.returned)).toBe(409);
    const actions = (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `order:${order.number}`))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["layby_cancelled", "refund_part_recorded"]));
  });

  it("a refund of another order is not found", async () => {
    const { order } = await laybyOrder(shop, { priceCents: 800_000, paid: ["online"] });
    const result = await post(
      order.number,
      {
        intent: "refund-record-part",
        refundId: "999999",
        partId: "1",
        outcome: "paid_by_hand",
        reference: "CASH-1",
      },
      cookies.staff,
    );
    expect(statusOf(result.returned)).toBe(404);
  });
});
