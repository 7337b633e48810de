import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryZones, orders } from "~/db/schema";
import { DEMO_DELIVERY_ZONES } from "~/db/seed/demo-delivery-zones.server";
import type { CheckoutQuote } from "~/domain/orders/quote.server";
import * as checkoutQuote from "~/routes/api/checkout-quote";
import { useTestDatabase } from "../../setup/database";
import { routeOutcome, shopRequest } from "../admin/helpers";
import { checkoutForm, submitCheckoutForm } from "../orders/checkout-requests";
import { addVariant, setUpShop } from "../orders/fixtures";

useTestDatabase();

let mattress: number; // R1,500: under Lichtenburg's free threshold
let bed: number; // R5,299: over it
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "zones-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  mattress = (await addVariant(shop, { priceCents: 150_000, stock: 20 })).variantId;
  bed = (await addVariant(shop, { priceCents: 529_900, stock: 20 })).variantId;
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const LICHTENBURG = { city: "Lichtenburg", postal: "2740", province: "NW" };
const RUSTENBURG = { city: "Rustenburg", postal: "0300", province: "NW" };
const CAPE_TOWN = { city: "Cape Town", postal: "8001", province: "WC" };

/** The checkout's summary as the page asks for it. */
async function quote(
  variantId: number,
  address: Record<string, string>,
  deliveryMethod = "standard",
): Promise<CheckoutQuote> {
  const { returned } = await routeOutcome(
    checkoutQuote.action,
    shopRequest("/api/checkout-quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        lines: [{ variantId, quantity: 1 }],
        deliveryMethod,
        promoCode: "",
        ...address,
      }),
    }),
    {},
  );
  const response = returned as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as CheckoutQuote;
}

const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;

describe("before the shop has a zone", () => {
  it("prices every address at the shop's own rates, as before zones", async () => {
    const answer = await quote(mattress, CAPE_TOWN);
    expect(answer.delivery).toMatchObject({ quoted: false, zone: null });
    expect(answer.totals.deliveryCents).toBe(29_900);
  });
});

describe("checkout priced by the demo's delivery zones", () => {
  beforeAll(async () => {
    await db().insert(deliveryZones).values(DEMO_DELIVERY_ZONES);
  });

  it("Lichtenburg: R299 under R2,000, free from it, express R299", async () => {
    const small = await quote(mattress, LICHTENBURG);
    expect(small.delivery).toMatchObject({
      quoted: false,
      zone: { name: "Lichtenburg and area" },
      standardCents: 29_900,
      expressCents: 29_900,
      freeFromCents: 200_000,
    });
    expect(small.totals).toMatchObject({ deliveryCents: 29_900, totalCents: 179_900 });
    const large = await quote(bed, LICHTENBURG);
    expect(large.totals).toMatchObject({ deliveryCents: 0, totalCents: 529_900 });
    const express = await quote(bed, LICHTENBURG, "express");
    expect(express.totals).toMatchObject({ deliveryCents: 29_900, totalCents: 559_800 });
  });

  it("a township by name only, whatever its case: Lichtenburg and area's rates", async () => {
    const answer = await quote(mattress, { city: "  boikhutso ", postal: "", province: "" });
    expect(answer.delivery.zone?.name).toBe("Lichtenburg and area");
  });

  it("Rustenburg (North West): R450 whatever the order's value, and no express", async () => {
    const answer = await quote(bed, RUSTENBURG);
    expect(answer.delivery).toMatchObject({
      quoted: false,
      zone: { name: "Rest of North West" },
      standardCents: 45_000,
      expressCents: null,
      freeFromCents: null,
    });
    expect(answer.totals).toMatchObject({ deliveryCents: 45_000, totalCents: 574_900 });
    // Asked for express anyway: priced as standard, which the page then shows.
    const express = await quote(bed, RUSTENBURG, "express");
    expect(express.delivery.method).toBe("standard");
    expect(express.totals.deliveryCents).toBe(45_000);
  });

  it("Cape Town: delivery quoted, the total is the goods'", async () => {
    const answer = await quote(bed, CAPE_TOWN);
    expect(answer.delivery).toMatchObject({ quoted: true, zone: null, standardCents: null });
    expect(answer.totals).toMatchObject({ deliveryCents: 0, totalCents: 529_900 });
  });

  it("places a Lichtenburg order with free delivery and a Rustenburg one with R450", async () => {
    const homeDay = (await quote(bed, LICHTENBURG)).delivery.days[0]!.day;
    const home = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], { ...LICHTENBURG, deliveryDay: homeDay }),
    );
    expect(home.location).toMatch(/^\/payments\//);
    const awayDay = (await quote(bed, RUSTENBURG)).delivery.days[0]!.day;
    const away = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], { ...RUSTENBURG, deliveryDay: awayDay }),
    );
    expect(away.location).toMatch(/^\/payments\//);
    const placed = await db()
      .select({ city: orders.city, deliveryCents: orders.deliveryCents, total: orders.totalCents })
      .from(orders)
      .orderBy(orders.id);
    expect(placed).toEqual([
      { city: "Lichtenburg", deliveryCents: 0, total: 529_900 },
      { city: "Rustenburg", deliveryCents: 45_000, total: 574_900 },
    ]);
  });

  it("places a Cape Town order awaiting its delivery quote: to its page, nothing to pay", async () => {
    const before = await orderCount();
    const answer = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], CAPE_TOWN),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/orders\/\d+\?token=/);
    expect(await orderCount()).toBe(before + 1);
    const [placed] = await db()
      .select({ paymentStatus: orders.paymentStatus, deliveryCents: orders.deliveryCents })
      .from(orders)
      .where(eq(orders.city, "Cape Town"));
    expect(placed).toEqual({ paymentStatus: "awaiting_quote", deliveryCents: 0 });
  });

  it("refuses express to Rustenburg at the delivery method", async () => {
    const before = await orderCount();
    const answer = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], { ...RUSTENBURG, deliveryMethod: "express" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body && !answer.body.ok && answer.body.fieldErrors.deliveryMethod).toBe(
      "Express delivery is not offered to this address.",
    );
    expect(await orderCount()).toBe(before);
  });

  it("quotes an address only an inactive zone covered", async () => {
    await db()
      .update(deliveryZones)
      .set({ active: false })
      .where(eq(deliveryZones.name, "Rest of North West"));
    expect((await quote(bed, RUSTENBURG)).delivery.quoted).toBe(true);
    expect((await quote(bed, LICHTENBURG)).delivery.quoted).toBe(false);
  });
});
