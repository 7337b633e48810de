import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  creditNotes,
  laybyPlans,
  orderEvents,
  orders,
  refundParts,
  refunds,
  storeSettings,
  users,
} from "~/db/schema";
import { recordRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { erasePersonalData } from "~/domain/privacy/erase-personal-data.server";
import { exportPersonalData } from "~/domain/privacy/privacy-requests.server";
import * as myData from "~/routes/account/privacy";
import * as myDataExport from "~/routes/account/privacy-export";
import * as privacyPage from "~/routes/admin/privacy";
import { useTestDatabase } from "../../setup/database";
import { formRequest, routeOutcome, signedIn, statusOf } from "../admin/helpers";
import { laybyOrder, payOutByHand } from "../layby/staff-plan-fixtures";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { setEnv, startServer } from "../payments/helpers";

useTestDatabase();

const LINDIWE = "lindiwe@example.com";
const SITE = "http://shop.test";
let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let staff: { id: string; email: string };
const owner = { id: "owner-9", email: "owner@example.com" };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "privacy-money-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  await db()
    .insert(users)
    .values({ ...owner, name: "Owner", role: "owner" });
  staff = (await signedIn("staff")).user;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A card order of `quantity` beds for the named shopper, paid through `provider`. */
async function paidOrder(options: {
  email: string;
  firstName?: string;
  lastName?: string;
  priceCents: number;
  quantity?: number;
  provider?: "demo" | "payfast";
}) {
  const bed = await addVariant(shop, { priceCents: options.priceCents, stock: 10 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: options.quantity ?? 1 }], {
      email: options.email,
      firstName: options.firstName ?? "Lindiwe",
      lastName: options.lastName ?? "Dube",
      phone: "083 555 1234",
    }),
  );
  const provider = options.provider ?? "demo";
  const payment = await createPaymentAttempt(order, "card", provider);
  await recordPaymentOutcome({
    provider,
    reference: payment.reference,
    providerReference: `${provider}-${crypto.randomBytes(4).toString("hex")}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  return order;
}

const refundInput = (input: Partial<RefundInput>): RefundInput => ({
  lines: [],
  amountCents: null,
  reason: "Came back damaged",
  method: "provider",
  eftReference: "",
  restock: false,
  ...input,
});

/** Staff move a paid order along to completed: an open order is never erased. */
const complete = async (orderId: number, actor: { id: string; email: string }) => {
  await markOrderDelivered({ orderId, actor });
};

const eraseThroughThePage = async (email: string) => {
  const cookie = (await signedIn("owner")).cookie;
  const outcome = await routeOutcome(
    privacyPage.action,
    formRequest("/admin/privacy", { intent: "erase", email, confirmEmail: email }, cookie),
    {},
  );
  return outcome.returned;
};

describe("a privacy request about a shopper who was refunded", () => {
  it("exports refunds with how the money went back, credit notes, invoice lines and lay-by refunds", async () => {
    const order = await paidOrder({ email: LINDIWE, priceCents: 100_000, quantity: 2 });
    const refund = await refundOrder({
      orderId: order.id,
      input: refundInput({ lines: [{ position: 0, quantity: 1 }] }),
      actor: staff,
    });
    const layby = await laybyOrder(shop, {
      priceCents: 300_000,
      paid: ["showroom"],
      email: LINDIWE,
    });
    await cancelLaybyPlan({
      orderId: layby.order.id,
      reason: "staff",
      actor: staff,
      siteUrl: SITE,
    });
    const someoneElse = await paidOrder({ email: "sipho@example.com", priceCents: 50_000 });
    await refundOrder({
      orderId: someoneElse.id,
      input: refundInput({ amountCents: 10_000 }),
      actor: staff,
    });

    const data = await exportPersonalData({ email: LINDIWE, actor: owner });
    const refunded = data.orders.find((o) => o.number === order.number)!;
    expect(refunded.refunds).toEqual([
      expect.objectContaining({
        amountCents: refund.amountCents,
        status: "completed",
        reason: "Came back damaged",
        parts: [
          expect.objectContaining({
            method: "provider",
            amountCents: refund.amountCents,
            status: "paid",
          }),
        ],
      }),
    ]);
    const invoice = data.invoices.find((i) => i.orderNumber === order.number)!;
    expect(invoice.lines).toEqual([
      expect.objectContaining({ quantity: 2, unitPriceCents: 100_000 }),
    ]);
    expect(invoice.creditNotes).toEqual([
      expect.objectContaining({
        totalCents: refund.amountCents,
        reason: "Came back damaged",
        issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    const plan = data.orders.find((o) => o.number === layby.order.number)!.laybyPlan!;
    expect(plan.status).toBe("cancelled");
    expect(plan.refunds).toEqual([
      expect.objectContaining({ method: "cash", status: "pending", amountCents: plan.refundCents }),
    ]);
    // Nothing of the other shopper's refund is in Lindiwe's export.
    expect(data.orders.flatMap((o) => o.refunds)).toHaveLength(1);
  });

  it("refuses to erase while the lay-by refund is still to be paid out in cash, then erases once it is", async () => {
    const [plan] = await db()
      .select({ orderId: laybyPlans.orderId, planId: laybyPlans.id })
      .from(laybyPlans)
      .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
      .where(and(eq(orders.email, LINDIWE), eq(laybyPlans.status, "cancelled")));
    const card = (await db().select().from(orders).where(eq(orders.email, LINDIWE))).find(
      (o) => o.status !== "cancelled",
    )!;
    await complete(card.id, staff);
    const refused = await eraseThroughThePage(LINDIWE);
    expect(statusOf(refused)).toBe(409);
    await expect(erasePersonalData({ email: LINDIWE, actor: owner })).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(
        /^Order #\d+ has a lay-by refund of R[\d,]+\.\d\d still to be paid out in cash: the shop needs the person's details to pay it back/,
      ),
    });
    // Nothing was erased: both orders still carry her address.
    expect(await db().select().from(orders).where(eq(orders.email, LINDIWE))).toHaveLength(2);

    await payOutByHand({
      orderId: plan!.orderId,
      planId: plan!.planId,
      reference: "Till 4",
      actor: staff,
    });
    await erasePersonalData({ email: LINDIWE, actor: owner });

    const ids = [card.id, plan!.orderId];
    const timeline = await db().select().from(orderEvents).where(inArray(orderEvents.orderId, ids));
    const text = JSON.stringify(timeline);
    for (const personal of ["Lindiwe", "Dube", "Mokoena", LINDIWE, "083 555 1234"]) {
      expect(text).not.toContain(personal);
    }
    expect(timeline.filter((e) => e.type === "placed").map((e) => e.message)).toEqual([
      "Order placed by Erased.",
      "Order placed by Erased.",
    ]);
    // The money records stay whole: they are the shop's books, and name nobody.
    const kept = await db().select().from(refunds).where(eq(refunds.orderId, card.id));
    expect(kept).toHaveLength(1);
    expect(
      await db().select().from(creditNotes).where(eq(creditNotes.id, kept[0]!.creditNoteId!)),
    ).toHaveLength(1);
  });

  it("refuses to erase while a refund awaits the provider's answer", async () => {
    const api = await startServer(() => ({ status: 503, body: { message: "Unavailable" } }));
    const restore = setEnv({
      PAYFAST_MERCHANT_ID: "10000100",
      PAYFAST_MERCHANT_KEY: "46f0cd694581a",
      PAYFAST_PASSPHRASE: "jt7NOE43FZPn",
      PAYFAST_MODE: "sandbox",
      PAYFAST_API_URL: api.url,
    });
    try {
      const email = "naledi@example.com";
      const order = await paidOrder({ email, priceCents: 100_000, provider: "payfast" });
      await complete(order.id, staff);
      const awaiting = await refundOrder({
        orderId: order.id,
        input: refundInput({ amountCents: 60_000 }),
        actor: staff,
      });
      expect(awaiting.status).toBe("awaiting");
      await expect(erasePersonalData({ email, actor: owner })).rejects.toThrow(
        `Order #${order.number} has a refund of R600.00 awaiting the payment provider's answer`,
      );

      const [row] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
      const [part] = await db().select().from(refundParts).where(eq(refundParts.refundId, row!.id));
      await recordRefundPart({
        orderId: order.id,
        refundId: row!.id,
        partId: part!.id,
        outcome: "paid_by_provider",
        reference: "PF-REFUND-78",
        actor: staff,
      });
      await expect(erasePersonalData({ email, actor: owner })).resolves.toMatchObject({
        erased: { orders: 1 },
      });
    } finally {
      restore();
      await api.close();
    }
  });

  it("takes a former colleague's address off the timelines of orders they worked on", async () => {
    const zanele = { id: "zanele-1", email: "zanele@example.com" };
    await db()
      .insert(users)
      .values({ ...zanele, name: "Zanele Khumalo", role: "customer" });
    const order = await paidOrder({
      email: "bongani@example.com",
      firstName: "Bongani",
      priceCents: 40_000,
    });
    // She completed it while on staff; she has since left and asked to be erased.
    await complete(order.id, zanele);

    await erasePersonalData({ email: zanele.email, actor: owner });
    const timeline = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(JSON.stringify(timeline)).not.toContain(zanele.email);
    expect(
      timeline
        .filter((e) => e.type === "stage_changed" && e.actor !== "system")
        .map((e) => [e.actor, e.message]),
    ).toEqual([
      ["erased", "To deliver → Delivered: handed over without a run (collected, or by courier)."],
    ]);
    // Bongani's own order keeps his name: only Zanele asked.
    expect(timeline.find((e) => e.type === "placed")!.message).toContain("Bongani");
  });

  it("lets a shopper download their refunds and credit notes, and keeps their account while a lay-by refund is owed", async () => {
    const shopper = await signedIn("customer", "ayanda@example.com");
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, shopper.user.id));
    const order = await paidOrder({ email: shopper.email, priceCents: 80_000 });
    const refund = await refundOrder({
      orderId: order.id,
      input: refundInput({ amountCents: 20_000, reason: "Price matched" }),
      actor: staff,
    });
    const layby = await laybyOrder(shop, {
      priceCents: 300_000,
      paid: ["showroom"],
      email: shopper.email,
    });
    await cancelLaybyPlan({
      orderId: layby.order.id,
      reason: "staff",
      actor: staff,
      siteUrl: SITE,
    });

    const download = (
      await routeOutcome(
        myDataExport.action,
        formRequest("/account/privacy/export", {}, shopper.cookie),
        {},
      )
    ).returned as Response;
    const data = JSON.parse(await download.text()) as Awaited<
      ReturnType<typeof exportPersonalData>
    >;
    expect(data.orders.find((o) => o.number === order.number)!.refunds).toMatchObject([
      { amountCents: 20_000, reason: "Price matched", parts: [{ amountCents: 20_000 }] },
    ]);
    expect(data.invoices.flatMap((i) => i.creditNotes)).toMatchObject([
      { totalCents: refund.amountCents, reason: "Price matched" },
    ]);

    await complete(order.id, staff);
    const refused = await routeOutcome(
      myData.action,
      formRequest("/account/privacy", { password: shopper.password }, shopper.cookie),
      {},
    );
    expect(statusOf(refused.returned)).toBe(409);
    expect(JSON.stringify(refused.returned)).toContain(
      `Order #${layby.order.number} has a lay-by refund of`,
    );
    expect(await db().select().from(users).where(eq(users.id, shopper.user.id))).toHaveLength(1);
  });
});
