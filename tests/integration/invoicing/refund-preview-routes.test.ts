// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { creditNotes, refunds, salesLedger } from "~/db/schema";
import * as orderPage from "~/routes/admin/order";
import { useTestDatabase } from "../../setup/database";
import { formRequest, routeOutcome, signedIn, STAFF_SIGN_IN, statusOf } from "../admin/helpers";
import { laybyOrder } from "../layby/staff-plan-fixtures";
import { setUpShop } from "../orders/fixtures";
import { paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let staff: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "refund-preview-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  staff = (await signedIn("staff")).cookie;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Handler = Parameters<typeof routeOutcome>[0];
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;
const post = (number: number, fields: Record<string, string>) =>
  routeOutcome(orderPage.action as Handler, formRequest(`/admin/orders/${number}`, fields, staff), {
    number: String(number),
  });
const refundsOf = (orderId: number) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId));

describe("the refund form asks for confirmation before any money moves", () => {
  it("the preview answers the amount split by payment, keeps the form's fields and saves nothing", async () => {
    const { order } = await laybyOrder(shop, {
      priceCents: 1_000_000,
      months: 1,
      paid: ["online", "showroom"],
    });
    const total = order.totalCents;
    const fields = {
      intent: "refund-preview",
      amount: String(total / 100),
      reason: "Could not deliver",
      method: "provider",
    };
    const ledgerBefore = (await db().select().from(salesLedger)).length;
    const result = await post(order.number, fields);
    expect(statusOf(result.returned)).toBe(200);
    expect(body(result.returned)).toMatchObject({
      ok: true,
      preview: {
        amountCents: total,
        parts: [
          { method: "provider", provider: "demo", amountCents: 60_000 },
          { method: "hand", provider: null, amountCents: total - 60_000 },
        ],
      },
      values: { amount: fields.amount, reason: "Could not deliver", method: "provider" },
    });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await db().select().from(creditNotes)).toEqual([]);
    expect((await db().select().from(salesLedger)).length).toBe(ledgerBefore);
    // The preview says what it read of the order's refunds; its Confirm posts it back.
    const { refundsSeen } = body(result.returned).preview as { refundsSeen: string };
    expect(refundsSeen).toMatch(/^[0-9a-f]{20}$/);

    // Confirmed without the showroom part's reference: asked for at that field, nothing made.
    const missing = await post(order.number, { ...fields, intent: "refund", refundsSeen });
    expect(statusOf(missing.returned)).toBe(400);
    expect(body(missing.returned)).toMatchObject({
      ok: false,
      fieldErrors: { eftReference: expect.stringContaining("paid at the showroom") },
    });
    expect(await refundsOf(order.id)).toEqual([]);

    const confirmed = await post(order.number, {
      ...fields,
      intent: "refund",
      refundsSeen,
      eftReference: "TILL-OUT-4",
    });
    expect(body(confirmed.returned)).toMatchObject({
      ok: true,
      message: { title: "Refund Made" },
    });
    expect((await refundsOf(order.id)).map((r) => [r.status, r.amountCents])).toEqual([
      ["completed", total],
    ]);
  });

  it("a preview's error shows at its field exactly as the refund's would, with a 4xx", async () => {
    const { order } = await paidOrder(shop, { priceCents: 100_000 });
    const fields = { amount: "999999", reason: "Too much", method: "provider" };
    const preview = await post(order.number, { ...fields, intent: "refund-preview" });
    // Confirmed with the mark of a preview that could be made (R100), the refund refuses it
    // as its preview did.
    const { refundsSeen } = body(
      (await post(order.number, { ...fields, amount: "100", intent: "refund-preview" })).returned,
    ).preview as { refundsSeen: string };
    const refund = await post(order.number, { ...fields, intent: "refund", refundsSeen });
    expect(statusOf(preview.returned)).toBe(400);
    expect(body(preview.returned).fieldErrors).toEqual({
      amount: expect.stringMatching(/^At most R1,\d{3}\.\d{2} can still be refunded\.$/),
    });
    expect(body(preview.returned).fieldErrors).toEqual(body(refund.returned).fieldErrors);
    const badForm = await post(order.number, { intent: "refund-preview", reason: "" });
    expect(statusOf(badForm.returned)).toBe(400);
    expect(body(badForm.returned).fieldErrors).toMatchObject({
      amount: "Choose the lines to refund, or enter an amount.",
      reason: "Say why the money is paid back.",
    });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("signed out or as a customer, the preview is refused before anything is worked out", async () => {
    const { order } = await paidOrder(shop, { priceCents: 100_000 });
    const fields = { intent: "refund-preview", amount: "100", reason: "Try", method: "provider" };
    const url = `/admin/orders/${order.number}`;
    const params = { number: String(order.number) };
    const signedOut = await routeOutcome(
      orderPage.action as Handler,
      formRequest(url, fields),
      params,
    );
    expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    const customer = (await signedIn("customer")).cookie;
    const refused = await routeOutcome(
      orderPage.action as Handler,
      formRequest(url, fields, customer),
      params,
    );
    expect(statusOf(refused.thrown)).toBe(403);
    expect(JSON.stringify(refused)).not.toContain("preview");
  });
});
