import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders, payments } from "~/db/schema";
import { useTestDatabase } from "../../setup/database";
import { checkoutForm, submitCheckoutForm } from "./checkout-requests";
import { addVariant, setUpShop } from "./fixtures";

useTestDatabase();

let variantId: number;
let scarce: number;
let dataDir: string;
beforeAll(async () => {
  // Any e-mail goes to an outbox of the test's own.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "checkout-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  variantId = (await addVariant(shop, { priceCents: 2_500_000, stock: 5 })).variantId;
  scarce = (await addVariant(shop, { priceCents: 100_000, stock: 1 })).variantId;
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const form = (overrides: Record<string, string> = {}, lines = [{ variantId, quantity: 1 }]) =>
  checkoutForm(lines, overrides);

describe("the checkout action", () => {
  it("checks the form in the specification's order and keeps what was typed", async () => {
    const missing = await submitCheckoutForm(form({ city: "", email: "bad" }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      ok: false,
      alert: { title: "Missing Information", description: "Please fill in all required fields." },
      fieldErrors: {
        city: "This field is required.",
        email: "Please enter a valid email address.",
      },
      values: { firstName: "Naledi", email: "bad" },
    });
    const email = await submitCheckoutForm(form({ email: "naledi @example.com" }));
    expect(email.body?.ok === false && email.body.alert.title).toBe("Invalid Email");
    const terms = await submitCheckoutForm(form({ terms: "" }));
    expect(terms.status).toBe(400);
    const lines = await submitCheckoutForm(form({ lines: "[]" }));
    expect(lines.status).toBe(400);
    expect(await db().select({ n: count() }).from(orders)).toEqual([{ n: 0 }]);
  });

  it("refuses PayFlex outside its range and too much of an item, with 4xx answers", async () => {
    // R25,000 is over PayFlex's R20,000 maximum.
    const payflex = await submitCheckoutForm(form({ paymentMethod: "payflex" }));
    expect(payflex.status).toBe(400);
    expect(payflex.body).toMatchObject({
      fieldErrors: { paymentMethod: "PayFlex is available for orders from R50 to R20,000." },
    });
    const short = await submitCheckoutForm(form({}, [{ variantId: scarce, quantity: 2 }]));
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ alert: { title: "Not enough stock" } });
    expect(await db().select({ n: count() }).from(orders)).toEqual([{ n: 0 }]);
  });

  it("places the order and sends the shopper to pay; the same page sent again gives the same order", async () => {
    const request = () => form({ idempotencyKey: "same-page-twice-0123456789" });
    const first = await submitCheckoutForm(request());
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^\/payments\/1\d{3}-[0-9a-f]{12}$/);
    const second = await submitCheckoutForm(request());
    expect(second.status).toBe(302);
    expect(second.location).toMatch(/^\/orders\/1\d{3}\?token=/);
    expect(await db().select({ n: count() }).from(orders)).toEqual([{ n: 1 }]);
    expect(await db().select({ n: count() }).from(payments)).toEqual([{ n: 1 }]);
    // The shopper is at the payment page: their e-mail comes when it is paid (or still unpaid
    // later), never one now.
    const mail = await fs.readdir(path.join(dataDir, "outbox")).catch(() => []);
    expect(mail).toHaveLength(0);
  });

  it("takes a business buyer's company name and VAT number, refusing a VAT number at its field", async () => {
    const bad = await submitCheckoutForm(
      form({ companyName: "Kgosi Guest House", vatNumber: "512 345 6789" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fieldErrors: { vatNumber: "Enter a VAT number of 10 digits starting with 4." },
      values: { companyName: "Kgosi Guest House", vatNumber: "512 345 6789" },
    });
    const idempotencyKey = "company-buyer-0123456789";
    const placed = await submitCheckoutForm(
      form({ companyName: " Kgosi Guest House ", vatNumber: "4 123 456 789", idempotencyKey }),
    );
    expect(placed.status).toBe(302);
    const [order] = await db()
      .select({ companyName: orders.companyName, vatNumber: orders.vatNumber })
      .from(orders)
      .where(eq(orders.idempotencyKey, idempotencyKey));
    expect(order).toEqual({ companyName: "Kgosi Guest House", vatNumber: "4123456789" });
  });
});
