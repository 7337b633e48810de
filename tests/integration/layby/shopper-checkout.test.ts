import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans, orders, payments } from "~/db/schema";
import { action as quoteAction } from "~/routes/api/checkout-quote";
import type { FormActionResult } from "~/lib/forms";
import { shopToday } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { parseMessage } from "../../setup/smtp";
import { checkoutForm, submitCheckoutForm } from "../orders/checkout-requests";
import { addVariant, setUpShop, stockOf } from "../orders/fixtures";

useTestDatabase();

let bed: number;
let pillow: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "layby-checkout-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  bed = (await addVariant(shop, { priceCents: 1_234_567, stock: 3 })).variantId;
  pillow = (await addVariant(shop, { priceCents: 20_000, stock: 3 })).variantId;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The checkout form of a lay-by of one `variantId`, fields overridden. */
const form = (overrides: Record<string, string> = {}, variantId = bed) =>
  checkoutForm([{ variantId, quantity: 1 }], {
    plan: "layby",
    laybyDeposit: "1 000,50",
    laybyMonths: "4",
    ...overrides,
  });

const placed = async () => (await db().select({ n: count() }).from(orders))[0]!.n;

describe("checking out on lay-by", () => {
  it("refuses terms that make no plan, with the message by the field, and places nothing", async () => {
    const cases: [Record<string, string>, string, RegExp, number?][] = [
      [{ laybyDeposit: "599.99" }, "laybyDeposit", /at least R600/],
      [{ laybyDeposit: "six hundred" }, "laybyDeposit", /as 1150,50 or 1150\.50/],
      [{ laybyDeposit: "1,000" }, "laybyDeposit", /as 1150,50 or 1150\.50/],
      [{ laybyDeposit: "" }, "laybyDeposit", /in Rand/],
      [{ laybyMonths: "7" }, "laybyMonths", /1 to 6 months/],
      [{ laybyMonths: "0" }, "laybyMonths", /1 to 6 months/],
      [{ paymentMethod: "payflex" }, "paymentMethod", /not PayFlex/],
      [{ laybyDeposit: "12345.66" }, "laybyDeposit", /pay in full instead/],
      [{}, "plan", /orders above R600/, pillow],
    ];
    const before = await placed();
    for (const [overrides, field, message, variantId] of cases) {
      const answer = await submitCheckoutForm(form(overrides, variantId));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body).toMatchObject({ ok: false });
      const errors = (answer.body as Extract<FormActionResult, { ok: false }>).fieldErrors;
      expect(errors[field], JSON.stringify(overrides)).toMatch(message);
    }
    expect(await placed()).toBe(before);
  });

  it("places the order with its plan, holds the stock and starts the deposit's payment", async () => {
    const answer = await submitCheckoutForm(form());
    expect(answer.location).toMatch(/^\/payments\/1\d{3}-[0-9a-f]{12}$/);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, answer.location!.slice("/payments/".length)));
    const [order] = await db().select().from(orders).where(eq(orders.id, payment!.orderId));
    expect(order!.totalCents).toBe(1_234_567);
    const [plan] = await db().select().from(laybyPlans).where(eq(laybyPlans.orderId, order!.id));
    expect(plan).toMatchObject({ status: "awaiting_deposit", depositCents: 100_050, months: 4 });
    const rows = await db()
      .select()
      .from(laybyInstalments)
      .where(eq(laybyInstalments.planId, plan!.id))
      .orderBy(laybyInstalments.number);
    // R12 345.67 - R1 000.50 = R11 345.17 over 4 months: R2 836.29 each and the cent that does
    // not divide goes to the first instalment.
    expect(rows.map((r) => r.amountCents)).toEqual([100_050, 283_630, 283_629, 283_629, 283_629]);
    expect(rows[0]!.dueDay).toBe(shopToday());
    expect(payment).toMatchObject({ amountCents: 100_050, instalmentId: rows[0]!.id });
    expect(await stockOf(bed)).toEqual({ onHand: 3, reserved: 1 });

    // The confirmation is the written record of the terms: each payment and the charge.
    const dir = path.join(dataDir, "outbox");
    const mails = await Promise.all(
      (await fs.readdir(dir)).map(async (f) =>
        parseMessage(await fs.readFile(path.join(dir, f), "utf8")),
      ),
    );
    const confirmation = mails.find((m) => m.subject.includes(`Your order ${order!.number}`))!;
    expect(confirmation.text).toContain("Lay-by over 4 months:");
    expect(confirmation.text).toMatch(/Deposit, due \d\d\/\d\d\/\d{4}: R1,000\.50/);
    expect(confirmation.text).toMatch(/Instalment 1, due \d\d\/\d\d\/\d{4}: R2,836\.30/);
    expect(confirmation.text).toMatch(/Instalment 4, due \d\d\/\d\d\/\d{4}: R2,836\.29/);
    expect(confirmation.text).toContain(
      "cancellation charge of 1% of the price of the goods, delivery and add-ons not included (R123.45), never more than you have paid",
    );
  });

  it("tells the browser the lay-by's terms with the quote", async () => {
    const response = await quoteAction({
      request: new Request("http://shop.test/api/checkout-quote", {
        method: "POST",
        body: JSON.stringify({ lines: [{ variantId: bed, quantity: 1 }] }),
      }),
    } as never);
    const quote = (await response.json()) as { layby: Record<string, unknown> };
    expect(quote.layby).toEqual({
      minDepositCents: 60_000,
      chargeBasisPoints: 100,
      goodsCents: 1_234_567,
      closedDays: [],
      startDay: shopToday(),
      paymentMethods: expect.not.arrayContaining(["payflex"]) as unknown,
    });
  });
});
