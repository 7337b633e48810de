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
  refunds,
  stockMovements,
  storeSettings,
} from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { placeOrder } from "~/domain/orders/place-order.server";
import { payfastApiSignature } from "~/domain/payments/payfast-refund.server";
import { resetPayflexTokens } from "~/domain/payments/payflex.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/payments/payments.server";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { signedIn } from "../admin/helpers";
import { addPromotion, addVariant, checkout, setUpShop, stockOf } from "../orders/fixtures";
import { setEnv, startServer } from "../payments/helpers";

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

/** The refund as completed, with its credit note. */
function completed(done: Awaited<ReturnType<typeof refundOrder>>) {
  if (done.status !== "completed") throw new Error(`The refund is ${done.status}: ${done.why}`);
  return done;
}

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
    const done = completed(
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

  it("in part: the credit note carries only its lines and the order stays paid", async () => {
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
    const done = completed(
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
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");

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
    const api = await startServer(({ method, url, body }) => {
      if (url === "/auth/merchant") return { body: { access_token: "t-1", expires_in: 3600 } };
      calls.push({ url: `${method} ${url}`, body });
      if (refuse) return { status: 422, body: { message: "Refund exceeds order amount" } };
      return { status: 201, body: { refundId: "pfx-refund-9" } };
    });
    const restore = setEnv({
      PAYFLEX_CLIENT_ID: "shop-client",
      PAYFLEX_CLIENT_SECRET: "shop-secret",
      PAYFLEX_AUTH_URL: `${api.url}/auth/merchant`,
      PAYFLEX_API_URL: api.url,
    });
    resetPayflexTokens();
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
      restore();
      resetPayflexTokens();
      await api.close();
    }
  });
});
