import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { creditNotes, refunds, variants } from "~/db/schema";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import * as invoicePage from "~/routes/admin/invoice";
import * as orderPage from "~/routes/admin/order";
import { useTestDatabase } from "../../setup/database";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { startPayflexStandIn } from "../payments/helpers";
import { issuedManualInvoice } from "./invoice-fixtures";

/*
 * A confirmed pay-back posted twice (a double click, two tabs, a reload of the page without
 * JavaScript) pays back once: the refund through the provider, the credit note of a hand-made
 * invoice, the cancellation. The second answers 409 and says nothing was done.
 */

useTestDatabase();

type Handler = Parameters<typeof routeOutcome>[0];
type Answer = {
  ok: boolean;
  message?: { title: string; description: string };
  alert?: { title: string; description: string };
  preview?: { amountCents: number; refundsSeen?: string };
};

const REFUNDS_CHANGED =
  "This order's refunds changed since you read the preview: nothing was refunded. Read it again.";
const CREDIT_NOTES_CHANGED =
  "This invoice's credit notes changed since you opened the form: no credit note was issued. Read it again.";

let dataDir: string;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let staff: { cookie: string; user: { id: string; email: string } };
let payflex: Awaited<ReturnType<typeof startPayflexStandIn>>;
/** Every refund PayFlex was asked for, by the URL asked. */
const refundCalls: string[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "confirm-once-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  staff = await signedIn("staff");
  payflex = await startPayflexStandIn(({ method, url }) => {
    refundCalls.push(`${method} ${url}`);
    return { status: 201, body: { refundId: `pfx-${crypto.randomBytes(3).toString("hex")}` } };
  });
});
afterAll(async () => {
  await payflex.close();
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const body = (outcome: { returned?: unknown; thrown?: unknown }) => {
  const value = outcome.returned ?? outcome.thrown;
  return ((value as { data?: unknown }).data ?? value) as Answer;
};
const statusOfOutcome = (outcome: { returned?: unknown; thrown?: unknown }) =>
  statusOf(outcome.returned ?? outcome.thrown);

/** The order page's action, as a browser's script posts it (the page's fetcher). */
const post = (number: number, fields: Record<string, string>, init: { page?: boolean } = {}) => {
  const request = formRequest(`/admin/orders/${number}`, fields, staff.cookie);
  // A form posted as a page, without JavaScript: the browser says it navigates.
  request.headers.set("sec-fetch-mode", init.page ? "navigate" : "cors");
  return routeOutcome(orderPage.action as Handler, request, { number: String(number) });
};

/** An order of one bed at `priceCents`, paid through PayFlex (which pays refunds back). */
async function paidThroughPayflex(priceCents: number) {
  const bed = await addVariant(shop, { priceCents, stock: 10 });
  const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
  const payment = await createPaymentAttempt(order, "card", "payflex");
  const providerReference = `pfx-order-${crypto.randomBytes(4).toString("hex")}`;
  const recorded = await recordPaymentOutcome({
    provider: "payflex",
    reference: payment.reference,
    providerReference,
    status: "approved",
    amountCents: payment.amountCents,
  });
  expect(recorded.result).toBe("paid");
  return { order, callsFor: () => refundCalls.filter((c) => c.includes(providerReference)) };
}

const refundsOf = async (orderId: number) =>
  (await db().select().from(refunds).where(eq(refunds.orderId, orderId))).map((r) => [
    r.status,
    r.amountCents,
  ]);
const notesOfOrder = (orderId: number) =>
  db()
    .select({ id: creditNotes.id })
    .from(refunds)
    .innerJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .where(eq(refunds.orderId, orderId));

const R500 = { amount: "500", reason: "Delivered a week late", method: "provider" };

/** The refund's preview, and the confirmation its page posts (with the preview's mark). */
async function previewed(number: number) {
  const preview = body(await post(number, { ...R500, intent: "refund-preview" }));
  expect(preview.preview?.amountCents).toBe(50_000);
  return { ...R500, intent: "refund", refundsSeen: String(preview.preview?.refundsSeen) };
}

describe("a refund confirmed twice is made once", () => {
  it("posted again after it was made: 409, one refund, one credit note, one call to the provider", async () => {
    const { order, callsFor } = await paidThroughPayflex(300_000);
    const confirm = await previewed(order.number);
    const first = await post(order.number, confirm);
    expect(body(first)).toMatchObject({ ok: true, message: { title: "Refund Made" } });

    const again = await post(order.number, confirm);
    expect(statusOfOutcome(again)).toBe(409);
    expect(body(again).alert?.description).toBe(REFUNDS_CHANGED);
    expect(await refundsOf(order.id)).toEqual([["completed", 50_000]]);
    expect(await notesOfOrder(order.id)).toHaveLength(1);
    expect(callsFor()).toHaveLength(1);

    // Read again, the preview confirms a second refund, which is staff's choice to make.
    const second = await post(order.number, await previewed(order.number));
    expect(body(second)).toMatchObject({ ok: true, message: { title: "Refund Made" } });
    expect(callsFor()).toHaveLength(2);
  });

  it("posted twice at once: one is made, the other answers 409", async () => {
    const { order, callsFor } = await paidThroughPayflex(300_000);
    const confirm = await previewed(order.number);
    const answers = await Promise.all([post(order.number, confirm), post(order.number, confirm)]);
    expect(answers.map(statusOfOutcome).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => statusOfOutcome(a) === 409)!;
    expect(body(refused).alert?.description).toBe(REFUNDS_CHANGED);
    expect(await refundsOf(order.id)).toEqual([["completed", 50_000]]);
    expect(await notesOfOrder(order.id)).toHaveLength(1);
    expect(callsFor()).toHaveLength(1);
  });

  it("a confirmation without the preview's mark is refused and makes nothing", async () => {
    const { order, callsFor } = await paidThroughPayflex(300_000);
    const answer = await post(order.number, { ...R500, intent: "refund" });
    expect(statusOfOutcome(answer)).toBe(400);
    expect(await refundsOf(order.id)).toEqual([]);
    expect(callsFor()).toHaveLength(0);
  });

  it("without JavaScript, a refund made answers a redirect to the order's page, which says what was done; the page read again makes nothing", async () => {
    const { order, callsFor } = await paidThroughPayflex(300_000);
    const confirm = await previewed(order.number);
    const made = await post(order.number, confirm, { page: true });
    const response = (made.thrown ?? made.returned) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const location = response.headers.get("location")!;
    expect(location).toBe(`/admin/orders/${order.number}?refund=${refund!.id}`);

    const load = () =>
      routeOutcome(orderPage.loader as Handler, shopRequest(location, { cookie: staff.cookie }), {
        number: String(order.number),
      });
    for (let reload = 0; reload < 2; reload++) {
      const page = (await load()).returned as Awaited<ReturnType<typeof orderPage.loader>>;
      expect(page.refundNotice).toEqual({
        ok: true,
        message: {
          title: "Refund Made",
          description: expect.stringMatching(/^R500\.00 paid back; credit note CN-\d{6} issued\.$/),
        },
      });
      expect(page.refunds).toHaveLength(1);
    }
    // The browser's "post again?" after all: refused, nothing made.
    const resent = await post(order.number, confirm, { page: true });
    expect(statusOfOutcome(resent)).toBe(409);
    expect(await refundsOf(order.id)).toEqual([["completed", 50_000]]);
    expect(callsFor()).toHaveLength(1);
  });
});

describe("a cancellation that pays back, confirmed twice, pays back once", () => {
  const CANCEL = { reason: "Changed their mind", method: "provider" };

  async function cancelConfirmation(number: number) {
    const preview = body(await post(number, { ...CANCEL, intent: "cancel-preview" }));
    expect(preview.preview?.amountCents).toBeGreaterThan(0);
    return { ...CANCEL, intent: "cancel", refundsSeen: String(preview.preview?.refundsSeen) };
  }

  it("posted again: 'cancelled already', one refund, one call", async () => {
    const { order, callsFor } = await paidThroughPayflex(200_000);
    const confirm = await cancelConfirmation(order.number);
    expect(body(await post(order.number, confirm))).toMatchObject({
      ok: true,
      message: { title: "Order Cancelled" },
    });
    const again = await post(order.number, confirm);
    expect(statusOfOutcome(again)).toBe(409);
    expect(body(again).alert?.description).toBe(`Order #${order.number} is cancelled already.`);
    expect((await refundsOf(order.id)).map(([status]) => status)).toEqual(["completed"]);
    expect(callsFor()).toHaveLength(1);
  });

  it("posted twice at once: one refund, one call, the other answers 409", async () => {
    const { order, callsFor } = await paidThroughPayflex(200_000);
    const confirm = await cancelConfirmation(order.number);
    const answers = await Promise.all([post(order.number, confirm), post(order.number, confirm)]);
    expect(answers.map(statusOfOutcome).sort()).toEqual([200, 409]);
    expect((await refundsOf(order.id)).map(([status]) => status)).toEqual(["completed"]);
    expect(await notesOfOrder(order.id)).toHaveLength(1);
    expect(callsFor()).toHaveLength(1);
  });

  it("without JavaScript, answers a redirect to the order's page", async () => {
    const { order } = await paidThroughPayflex(200_000);
    const done = await post(order.number, await cancelConfirmation(order.number), { page: true });
    const response = (done.thrown ?? done.returned) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      new RegExp(`^/admin/orders/${order.number}\\?refund=\\d+$`),
    );
  });
});

describe("a hand-made invoice's credit note confirmed twice is issued once", () => {
  let sku: string;
  beforeAll(async () => {
    const { variantId } = await addVariant(shop, { priceCents: 249_900, stock: 50 });
    sku = (await db().select().from(variants).where(eq(variants.id, variantId)))[0]!.sku;
  });

  const invoicePath = (id: number) => `/admin/invoices/${id}`;
  const act = (id: number, fields: Record<string, string>) =>
    routeOutcome(
      invoicePage.action as Handler,
      formRequest(invoicePath(id), fields, staff.cookie),
      {
        id: String(id),
      },
    );
  const notesOf = (invoiceId: number) =>
    db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId));

  /** A paid invoice for four beds, and the credit form for one of them as its page offers it. */
  async function creditForm() {
    const { id } = await issuedManualInvoice(
      staff.user,
      { "lines.0.sku": sku, "lines.0.quantity": "4" },
      { paid: true },
    );
    const page = (
      await routeOutcome(
        invoicePage.loader as Handler,
        shopRequest(invoicePath(id), { cookie: staff.cookie }),
        { id: String(id) },
      )
    ).returned as Awaited<ReturnType<typeof invoicePage.loader>>;
    const fields = {
      intent: "credit",
      "qty.0": "1",
      reason: "One bed came back",
      paidBackBy: "eft",
      paidBackReference: "FNB 77",
      expectedCents: "249900",
      confirm: "on",
      creditNotesSeen: String(
        (page.creditOptions as { creditNotesSeen?: string } | null)?.creditNotesSeen,
      ),
    };
    return { id, fields };
  }

  it("posted again after it was issued: 409, one credit note", async () => {
    const { id, fields } = await creditForm();
    expect(body(await act(id, fields))).toMatchObject({
      ok: true,
      message: { title: "Credit Note Issued" },
    });
    const again = await act(id, fields);
    expect(statusOfOutcome(again)).toBe(409);
    expect(body(again).alert?.description).toBe(CREDIT_NOTES_CHANGED);
    expect(await notesOf(id)).toHaveLength(1);
  });

  it("posted twice at once: one credit note, the other answers 409", async () => {
    const { id, fields } = await creditForm();
    const answers = await Promise.all([act(id, fields), act(id, fields)]);
    expect(answers.map(statusOfOutcome).sort()).toEqual([200, 409]);
    expect(await notesOf(id)).toHaveLength(1);
  });
});
