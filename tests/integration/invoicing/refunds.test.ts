import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  creditNoteLines,
  creditNotes,
  orders,
  refundParts,
  refunds,
  stockLevels,
  stockMovements,
  storeSettings,
  warehouses,
} from "~/db/schema";
import { recheckRefunds, recordRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { laybyOrder } from "../layby/staff-plan-fixtures";
import { completedRefund } from "./invoice-fixtures";
import { DomainError } from "~/domain/errors";
import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { previewRefund, refundOrder } from "~/domain/invoicing/refund-order.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { placeOrder } from "~/domain/orders/place-order.server";
import { payfastApiSignature } from "~/domain/payments/payfast-refund.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { signedIn } from "../admin/helpers";
import { addPromotion, addVariant, checkout, setUpShop, stockOf } from "../orders/fixtures";
import { setEnv, startPayflexStandIn, startServer } from "../payments/helpers";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let actor: { id: string; email: string };
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "refunds-test-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  actor = (await signedIn("staff")).user;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** An order of `quantity` beds at `priceCents`, paid through `provider` (its id for the payment). */
async function paidOrder(options: {
  priceCents: number;
  quantity?: number;
  provider?: "demo" | "payfast" | "payflex";
  promoCode?: string;
}) {
  const bed = await addVariant(shop, { priceCents: options.priceCents, stock: 10 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: options.quantity ?? 1 }], {
      promoCode: options.promoCode ?? "",
    }),
  );
  const provider = options.provider ?? "demo";
  const payment = await createPaymentAttempt(order, "card", provider);
  const providerReference = `${provider}-${crypto.randomBytes(4).toString("hex")}`;
  const recorded = await recordPaymentOutcome({
    provider,
    reference: payment.reference,
    providerReference,
    status: "approved",
    amountCents: payment.amountCents,
  });
  expect(recorded.result).toBe("paid");
  return { bed, order, providerReference };
}

const input = (over: Partial<RefundInput>): RefundInput => ({
  lines: [],
  amountCents: null,
  reason: "Returned within 7 days",
  method: "provider",
  eftReference: "",
  restock: false,
  ...over,
});

const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const notesOf = (orderId: number) =>
  db()
    .select({ note: creditNotes, refund: refunds })
    .from(refunds)
    .innerJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .where(eq(refunds.orderId, orderId));

describe("refunding a paid order", () => {
  it("in full through the demo gateway: a credit note for every line, the goods back in stock", async () => {
    const { order, bed } = await paidOrder({ priceCents: 250_000, quantity: 2 });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 8, reserved: 0 });
    const done = completedRefund(
      await refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 0, quantity: 2 }], restock: true }),
        actor,
      }),
    );
    expect(done.amountCents).toBe(order.totalCents);
    expect(done.creditNoteNumber).toMatch(/^CN-\d{6}$/);
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
    const returns = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, bed.variantId), eq(stockMovements.kind, "return")));
    expect(returns.map((m) => [m.quantity, m.reference])).toEqual([[2, `Order ${order.number}`]]);
    const { note, refund } = (await notesOf(order.id))[0]!;
    expect(refund).toMatchObject({
      status: "completed",
      reference: expect.stringContaining("demo_refund_RP-"),
    });
    expect(note.vatCents + (note.totalCents - note.vatCents)).toBe(note.totalCents);
    expect(note.vatCents).toBe(Math.round((note.totalCents * 15) / 115));

    await expect(
      refundOrder({ orderId: order.id, input: input({ amountCents: 100 }), actor }),
    ).rejects.toThrow(/refunded in full already/);
  });

  it("in part: the credit note carries only its lines and the order is partly refunded", async () => {
    await addPromotion({ code: "TENOFF", kind: "percentage", value: 10 });
    const bedA = await addVariant(shop, { priceCents: 99_900, stock: 5 });
    const bedB = await addVariant(shop, { priceCents: 29_950, stock: 5 });
    const { order } = await placeOrder(
      checkout(
        [
          { variantId: bedA.variantId, quantity: 1 },
          { variantId: bedB.variantId, quantity: 2 },
        ],
        { promoCode: "TENOFF" },
      ),
    );
    const payment = await createPaymentAttempt(order, "card", "demo");
    await recordPaymentOutcome({
      provider: "demo",
      reference: payment.reference,
      providerReference: "demo-partial",
      status: "approved",
      amountCents: payment.amountCents,
    });
    const done = completedRefund(
      await refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 1, quantity: 1 }] }),
        actor,
      }),
    );
    const lines = await db()
      .select()
      .from(creditNoteLines)
      .where(eq(creditNoteLines.creditNoteId, done.creditNoteId))
      .orderBy(asc(creditNoteLines.position));
    expect(lines.map((l) => [l.sku, l.quantity, l.lineTotalCents])).toEqual([
      [expect.stringContaining("TB-"), 1, 29_950],
      ["", 1, -2_995],
    ]);
    expect(done.amountCents).toBe(26_955);
    expect(order.deliveryCents).toBe(29_900);
    expect((await orderRow(order.id)).paymentStatus).toBe("partially_refunded");

    // Only one of the two pillows is left to refund, and no more than what is left of the money.
    await expect(
      refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 1, quantity: 2 }] }),
        actor,
      }),
    ).rejects.toMatchObject({
      field: "qty.1",
      message: "Only 1 of this line can still be refunded.",
    });
    await expect(
      refundOrder({ orderId: order.id, input: input({ amountCents: order.totalCents }), actor }),
    ).rejects.toMatchObject({
      field: "amount",
      message: expect.stringMatching(/^At most R[\d,]+\.\d\d can still be refunded\.$/),
    });

    // The rest, in two more refunds, comes to exactly what was paid.
    await refundOrder({
      orderId: order.id,
      input: input({
        lines: [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
      }),
      actor,
    });
    const all = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const refunded = all.reduce((s, r) => s + r.amountCents, 0);
    expect(refunded).toBe(order.totalCents - order.deliveryCents);
    await refundOrder({
      orderId: order.id,
      input: input({ amountCents: order.deliveryCents, method: "eft", eftReference: "FNB 0042" }),
      actor,
    });
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
  });

  it("never pays back more than was paid when two staff refund the same order at once", async () => {
    const { order } = await paidOrder({ priceCents: 180_000 });
    const attempts = await Promise.allSettled(
      [1, 2, 3].map(() =>
        refundOrder({ orderId: order.id, input: input({ amountCents: 150_000 }), actor }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const failed of attempts.filter((a) => a.status === "rejected")) {
      expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    }
    const done = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(done.reduce((s, r) => s + r.amountCents, 0)).toBeLessThanOrEqual(order.totalCents);
    expect(await notesOf(order.id)).toHaveLength(1);
  });

  it("by EFT records the bank's reference", async () => {
    const { order } = await paidOrder({ priceCents: 90_000 });
    await refundOrder({
      orderId: order.id,
      input: input({
        amountCents: 20_000,
        method: "eft",
        eftReference: "ABSA 7781",
        reason: "Late delivery",
      }),
      actor,
    });
    const { refund, note } = (await notesOf(order.id))[0]!;
    expect(refund).toMatchObject({ method: "eft", reference: "ABSA 7781", status: "completed" });
    const text = await pdfToText((await renderCreditNotePdf({ creditNoteId: note.id })).pdf);
    expect(text).toContain("Credit Note");
    expect(text).toMatch(/CN-\d{6}/);
    expect(text).toMatch(/Reduces tax invoice INV-\d{6}/);
    expect(text).toContain("Reason: Late delivery");
    expect(text).toContain("VAT number 4123456789");
    // R200.00 credited: VAT 15/115 = R26.09.
    expect(text).toMatch(/VAT credited \(15%\) R26\.09/);
    expect(text).toMatch(/Total credited \(VAT included\) R200\.00/);
  });
});

describe("refunds through the providers' own refund calls", () => {
  it("PayFast: amount in cents and a signed call; a refusal leaves no credit note", async () => {
    const calls: { url: string; headers: Record<string, unknown>; body: string }[] = [];
    let refuse = false;
    const api = await startServer(({ url, headers, body }) => {
      calls.push({ url, headers, body });
      if (refuse)
        return {
          status: 400,
          body: {
            code: 400,
            status: "failed",
            data: { response: false, message: "Insufficient balance" },
          },
        };
      return {
        body: { code: 200, status: "success", data: { response: true, message: "Success" } },
      };
    });
    const restore = setEnv({
      PAYFAST_MERCHANT_ID: "10000100",
      PAYFAST_MERCHANT_KEY: "46f0cd694581a",
      PAYFAST_PASSPHRASE: "jt7NOE43FZPn",
      PAYFAST_MODE: "sandbox",
      PAYFAST_API_URL: api.url,
    });
    try {
      const { order, providerReference } = await paidOrder({
        priceCents: 120_000,
        provider: "payfast",
      });
      await refundOrder({
        orderId: order.id,
        input: input({ amountCents: 45_050, reason: "Wrong colour" }),
        actor,
      });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe(`/refunds/${providerReference}?testing=true`);
      const body = Object.fromEntries(new URLSearchParams(calls[0]!.body));
      expect(body).toEqual({ amount: "45050", reason: "Wrong colour", notify_buyer: "1" });
      const h = calls[0]!.headers;
      expect(h["merchant-id"]).toBe("10000100");
      expect(h.version).toBe("v1");
      expect(h.signature).toBe(
        payfastApiSignature(
          { "merchant-id": "10000100", version: "v1", timestamp: String(h.timestamp), ...body },
          "jt7NOE43FZPn",
        ),
      );

      refuse = true;
      await expect(
        refundOrder({ orderId: order.id, input: input({ amountCents: 10_000 }), actor }),
      ).rejects.toThrow(/PayFast refused the refund \(HTTP 400\): Insufficient balance/);
      const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows.map((r) => r.status).sort()).toEqual(["completed", "failed"]);
      expect(await notesOf(order.id)).toHaveLength(1);
      // The refused R100 does not count: what is left is still refundable.
      refuse = false;
      await refundOrder({
        orderId: order.id,
        input: input({ amountCents: order.totalCents - 45_050 }),
        actor,
      });
      expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    } finally {
      restore();
      await api.close();
    }
  });

  it("PayFlex: the order's refund call with the amount in Rand; a refusal leaves no credit note", async () => {
    const calls: { url: string; body: string }[] = [];
    let refuse = false;
    const api = await startPayflexStandIn(({ method, url, body }) => {
      calls.push({ url: `${method} ${url}`, body });
      if (refuse) return { status: 422, body: { message: "Refund exceeds order amount" } };
      return { status: 201, body: { refundId: "pfx-refund-9" } };
    });
    try {
      const { order, providerReference } = await paidOrder({
        priceCents: 80_000,
        provider: "payflex",
      });
      await refundOrder({ orderId: order.id, input: input({ amountCents: 30_000 }), actor });
      expect(calls[0]!.url).toBe(`POST /order/${providerReference}/refund`);
      expect(JSON.parse(calls[0]!.body)).toMatchObject({
        amount: "300.00",
        merchantRefundReference: expect.stringMatching(/^RP-\d+$/),
      });
      const { refund } = (await notesOf(order.id))[0]!;
      expect(refund.reference).toBe("pfx-refund-9");

      refuse = true;
      await expect(
        refundOrder({ orderId: order.id, input: input({ amountCents: 1_000 }), actor }),
      ).rejects.toThrow(/PayFlex refused the refund \(HTTP 422\): Refund exceeds order amount/);
      expect(await notesOf(order.id)).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});

describe("a unit sold goes back on hand at most once, to the warehouse it came from", () => {
  const cancel = (orderId: number) =>
    cancelOrder({ orderId, actor: { id: actor.id, email: actor.email } });

  it("refunded with restock: nothing is left to deliver, so it is cancelled by itself; 10 on hand, not 12", async () => {
    const { order, bed } = await paidOrder({ priceCents: 50_000, quantity: 2 });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 8, reserved: 0 });
    await refundOrder({
      orderId: order.id,
      input: input({ lines: [{ position: 0, quantity: 2 }], restock: true }),
      actor,
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("cancelled");
    await expect(cancel(order.id)).rejects.toThrow(/is cancelled already/);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
  });

  it("cancelled (paid back in full, goods back), then a refund is refused: 10 on hand, not 12", async () => {
    const { order, bed } = await paidOrder({ priceCents: 50_000, quantity: 2 });
    await cancel(order.id);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
    await expect(
      refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 0, quantity: 2 }], restock: true }),
        actor,
      }),
    ).rejects.toThrow(/refunded in full already/);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
  });

  it("one refunded with restock, then cancelled: the other one comes back, 10 not 11", async () => {
    const { order, bed } = await paidOrder({ priceCents: 50_000, quantity: 2 });
    await refundOrder({
      orderId: order.id,
      input: input({ lines: [{ position: 0, quantity: 1 }], restock: true }),
      actor,
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 9, reserved: 0 });
    await cancel(order.id);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
  });

  it("a line drawn from two warehouses: each unit of a two-step refund goes back where it came from", async () => {
    const bed = await addVariant(shop, { priceCents: 40_000, stock: 1 });
    const [store] = await db()
      .insert(warehouses)
      .values({ code: `STORE-${bed.variantId}`, name: `Store room ${bed.variantId}` })
      .returning();
    await db()
      .insert(stockLevels)
      .values({ variantId: bed.variantId, warehouseId: store!.id, onHand: 1 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 2 }]));
    const payment = await createPaymentAttempt(order, "card", "demo");
    await recordPaymentOutcome({
      provider: "demo",
      reference: payment.reference,
      providerReference: `demo-two-${bed.variantId}`,
      status: "approved",
      amountCents: payment.amountCents,
    });
    const levels = async () =>
      (
        await db()
          .select({ warehouseId: stockLevels.warehouseId, onHand: stockLevels.onHand })
          .from(stockLevels)
          .where(eq(stockLevels.variantId, bed.variantId))
          .orderBy(asc(stockLevels.warehouseId))
      ).map((l) => l.onHand);
    expect(await levels()).toEqual([0, 0]);
    for (let step = 0; step < 2; step++) {
      await refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 0, quantity: 1 }], restock: true }),
        actor,
      });
    }
    expect(await levels()).toEqual([1, 1]);
  });

  it("a return into a warehouse closed since the sale is refused before any money moves", async () => {
    const bed = await addVariant(shop, { priceCents: 30_000, stock: 0 });
    const [closing] = await db()
      .insert(warehouses)
      .values({ code: `CLOSE-${bed.variantId}`, name: `Old depot ${bed.variantId}` })
      .returning();
    await db()
      .insert(stockLevels)
      .values({ variantId: bed.variantId, warehouseId: closing!.id, onHand: 3 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    const payment = await createPaymentAttempt(order, "card", "demo");
    await recordPaymentOutcome({
      provider: "demo",
      reference: payment.reference,
      providerReference: `demo-close-${bed.variantId}`,
      status: "approved",
      amountCents: payment.amountCents,
    });
    await db().update(warehouses).set({ active: false }).where(eq(warehouses.id, closing!.id));
    await expect(
      refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 0, quantity: 1 }], restock: true }),
        actor,
      }),
    ).rejects.toMatchObject({
      field: "restock",
      message: expect.stringContaining(`Old depot ${bed.variantId}, which is inactive`),
    });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    // Without restock the money still goes back.
    const done = completedRefund(
      await refundOrder({
        orderId: order.id,
        input: input({ lines: [{ position: 0, quantity: 1 }] }),
        actor,
      }),
    );
    expect(done.amountCents).toBe(order.totalCents - order.deliveryCents);
  });
});

describe("a refund the provider may have paid", () => {
  const payfast = (api: { url: string }) =>
    setEnv({
      PAYFAST_MERCHANT_ID: "10000100",
      PAYFAST_MERCHANT_KEY: "46f0cd694581a",
      PAYFAST_PASSPHRASE: "jt7NOE43FZPn",
      PAYFAST_MODE: "sandbox",
      PAYFAST_API_URL: api.url,
    });

  it("PayFast answering 503 leaves it awaiting, its amount held and no credit note, until staff record what PayFast's records say", async () => {
    const api = await startServer(() => ({ status: 503, body: { message: "Unavailable" } }));
    const restore = payfast(api);
    try {
      const { order } = await paidOrder({ priceCents: 100_000, provider: "payfast" });
      const done = await refundOrder({
        orderId: order.id,
        input: input({ amountCents: 60_000 }),
        actor,
      });
      expect(done).toMatchObject({ status: "awaiting", why: expect.stringContaining("HTTP 503") });
      const [row] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(row).toMatchObject({ status: "awaiting_provider", creditNoteId: null });
      expect(await notesOf(order.id)).toHaveLength(0);
      // Its amount stays held: what is left of the order is all that can still be refunded.
      await expect(
        refundOrder({ orderId: order.id, input: input({ amountCents: order.totalCents }), actor }),
      ).rejects.toMatchObject({ field: "amount" });
      // The job asks again later and never frees it: PayFast cannot be asked about one refund.
      await recheckRefunds(new Date(Date.now() + 60 * 60_000));
      expect((await db().select().from(refunds).where(eq(refunds.id, row!.id)))[0]!.status).toBe(
        "awaiting_provider",
      );
      // Staff find the refund in PayFast's records and record it: completed, one credit note.
      const [part] = await db().select().from(refundParts).where(eq(refundParts.refundId, row!.id));
      const recorded = await recordRefundPart({
        orderId: order.id,
        refundId: row!.id,
        partId: part!.id,
        outcome: "paid_by_provider",
        reference: "PF-REFUND-77",
        actor,
      });
      expect(recorded.status).toBe("completed");
      expect(await notesOf(order.id)).toHaveLength(1);
    } finally {
      restore();
      await api.close();
    }
  });

  it("PayFlex unreachable: awaiting; asked again with the same request id, it pays once and completes", async () => {
    let down = true;
    const refundCalls: string[] = [];
    const api = await startPayflexStandIn(({ body }) => {
      refundCalls.push(JSON.parse(body).requestId);
      if (down) return { status: 502, body: { message: "Bad gateway" } };
      return { status: 201, body: { refundId: "pfx-77" } };
    });
    try {
      const { order } = await paidOrder({ priceCents: 70_000, provider: "payflex" });
      const first = await refundOrder({
        orderId: order.id,
        input: input({ amountCents: 20_000 }),
        actor,
      });
      expect(first.status).toBe("awaiting");
      down = false;
      expect(await recheckRefunds(new Date(Date.now() + 10 * 60_000))).toBe(1);
      expect(refundCalls).toHaveLength(2);
      expect(refundCalls[1]).toBe(refundCalls[0]);
      const { refund } = (await notesOf(order.id))[0]!;
      expect(refund).toMatchObject({ status: "completed", reference: "pfx-77" });
    } finally {
      await api.close();
    }
  });
});

describe("a refund is split over the payments that took the money", () => {
  it("a R10,000 lay-by: R600 back through the card deposit's provider, R9,400 paid at the showroom by hand", async () => {
    const { order } = await laybyOrder(shop, {
      priceCents: 1_000_000,
      months: 1,
      paid: ["online", "showroom"],
    });
    expect(order.totalCents).toBe(1_000_000 + order.deliveryCents);
    const total = order.totalCents;
    // Before confirming, staff see the split; nothing is saved and no provider is asked.
    const preview = await previewRefund({
      orderId: order.id,
      input: input({ amountCents: total }),
      actor,
    });
    expect(preview).toEqual({
      amountCents: total,
      restock: false,
      parts: [
        { method: "provider", provider: "demo", amountCents: 60_000 },
        { method: "hand", provider: null, amountCents: total - 60_000 },
      ],
      refundsSeen: expect.stringMatching(/^[0-9a-f]{20}$/),
      why: [],
    });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    // Confirmed with what the preview read of the order's refunds: a refusal changes nothing.
    const { refundsSeen } = preview;
    await expect(
      refundOrder({ orderId: order.id, input: input({ amountCents: total, refundsSeen }), actor }),
    ).rejects.toMatchObject({
      field: "eftReference",
      message: expect.stringMatching(/^R9 ?,?\d{3}.*paid at the showroom/),
    });
    const done = completedRefund(
      await refundOrder({
        orderId: order.id,
        input: input({ amountCents: total, eftReference: "TILL-OUT-4", refundsSeen }),
        actor,
      }),
    );
    expect(done.amountCents).toBe(total);
    const parts = await db()
      .select()
      .from(refundParts)
      .where(eq(refundParts.refundId, done.refundId))
      .orderBy(asc(refundParts.id));
    expect(parts.map((p) => [p.method, p.amountCents, p.status])).toEqual([
      ["provider", 60_000, "paid"],
      ["hand", total - 60_000, "paid"],
    ]);
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
  });
});

describe("goods refunded one at a time", () => {
  it("get back what they cost, never a cent more (three pillows with R10 off: R290.00, not R290.01)", async () => {
    await addPromotion({ code: "TENBACK", kind: "fixed", value: 1_000 });
    const pillow = await addVariant(shop, { priceCents: 10_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: pillow.variantId, quantity: 3 }], { promoCode: "TENBACK" }),
    );
    const payment = await createPaymentAttempt(order, "card", "demo");
    await recordPaymentOutcome({
      provider: "demo",
      reference: payment.reference,
      providerReference: `demo-pillows-${order.id}`,
      status: "approved",
      amountCents: payment.amountCents,
    });
    const amounts = [];
    for (let i = 0; i < 3; i++) {
      const done = completedRefund(
        await refundOrder({
          orderId: order.id,
          input: input({ lines: [{ position: 0, quantity: 1 }] }),
          actor,
        }),
      );
      amounts.push(done.amountCents);
    }
    expect(amounts.reduce((sum, a) => sum + a, 0)).toBe(29_000);
  });
});
