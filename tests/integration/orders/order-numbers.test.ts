import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryZones, orders } from "~/db/schema";
import { deliveryDayChoices } from "~/domain/delivery/shopper-delivery.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import type { FormActionResult } from "~/lib/forms";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { checkoutForm, submitCheckoutForm } from "./checkout-requests";
import { addPromotion, addVariant, checkout, setUpShop } from "./fixtures";

useTestDatabase();

let bed: number;
let lastOne: number;
let oneDropZone: number;
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** A zone with one drop a day, so a day taken is full for the next checkout. */
const LICHTENBURG = { city: "Lichtenburg", postal: "2740", province: "NW" } as const;
/** A zone with room for every order of the test on one day. */
const MAHIKENG = { city: "Mahikeng", postal: "2745", province: "NW" } as const;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "order-numbers-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  const shop = await setUpShop();
  bed = (await addVariant(shop, { priceCents: 529_900, stock: 100 })).variantId;
  lastOne = (await addVariant(shop, { priceCents: 99_900, stock: 1 })).variantId;
  const zone = {
    standardFeeCents: 29_900,
    freeFromCents: 200_000,
    expressFeeCents: 29_900,
    leadDays: 2,
    weekdays: [1, 2, 3, 4, 5, 6],
  };
  const [one] = await db()
    .insert(deliveryZones)
    .values({ ...zone, name: "Lichtenburg", postalCodes: ["2740"], dropsPerDay: 1 })
    .returning({ id: deliveryZones.id });
  oneDropZone = one!.id;
  await db()
    .insert(deliveryZones)
    .values({ ...zone, name: "Mahikeng", postalCodes: ["2745"], dropsPerDay: 200 });
  await addPromotion({ code: "BIGSPEND", kind: "fixed", value: 10_000, minSubtotalCents: 900_000 });
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  delete process.env.SMTP_URL;
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const numbers = async () =>
  (await db().select({ number: orders.number }).from(orders).orderBy(asc(orders.number))).map(
    (o) => o.number,
  );

async function freeDays(zoneId: number) {
  return (await deliveryDayChoices({ zoneId, kind: "standard" })).map((d) => d.day);
}

/** The checkout form as the browser posts it, from one address (the caps on unpaid days). */
const send = (fields: Record<string, string>, lines = [{ variantId: bed, quantity: 1 }]) =>
  submitCheckoutForm(checkoutForm(lines, { ...LICHTENBURG, ...fields }), "10.0.0.7");

const refusedAt = (answer: { status: number; body: FormActionResult | null }) =>
  answer.body && !answer.body.ok ? Object.keys(answer.body.fieldErrors) : null;

describe("order numbers", () => {
  it("are taken only by orders placed: refused checkouts between two orders leave no gap", async () => {
    const [first, second] = await freeDays(oneDropZone);
    const placed = await send({ deliveryDay: first! });
    expect(placed.location).toMatch(/^\/payments\//);
    expect(await numbers()).toEqual([1001]);

    // Each refusal a shopper can meet, said at its field; none of them makes an order.
    const refusals = [
      // A required field left empty: refused before anything is saved.
      {
        answer: await send({ firstName: "", deliveryDay: second! }),
        status: 400,
        field: "firstName",
      },
      // No delivery day chosen, and a day the zone does not offer.
      { answer: await send({ deliveryDay: "" }), status: 400, field: "deliveryDay" },
      { answer: await send({ deliveryDay: "2020-01-06" }), status: 400, field: "deliveryDay" },
      // The day the first order holds: full (one drop a day).
      { answer: await send({ deliveryDay: first! }), status: 409, field: "deliveryDay" },
      // A code whose minimum spend the cart is short of.
      {
        answer: await send({ deliveryDay: second!, promoCode: "BIGSPEND" }),
        status: 409,
        field: "promoCode",
      },
      // More than is left in stock.
      {
        answer: await send({ deliveryDay: second! }, [{ variantId: lastOne, quantity: 2 }]),
        status: 409,
        field: null,
      },
    ];
    for (const { answer, status, field } of refusals) {
      expect(answer.status).toBe(status);
      if (field) expect(refusedAt(answer)).toContain(field);
    }
    expect(await numbers()).toEqual([1001]);

    // The next order placed is 1002; then this shopper holds two days, and a third is refused
    // (too many unpaid orders), taking no number either.
    expect((await send({ deliveryDay: second! })).location).toMatch(/^\/payments\//);
    const third = (await freeDays(oneDropZone))[0]!;
    const capped = await send({ deliveryDay: third, email: "naledi@example.com" });
    expect(capped.status).toBe(429);
    expect(refusedAt(capped)).toContain("deliveryDay");
    // A lay-by whose deposit makes no plan, refused once the order's row exists.
    await expect(
      placeOrder(
        checkout([{ variantId: bed, quantity: 1 }], {
          layby: { depositCents: 100, months: 3 },
          email: "layby@example.com",
        }),
      ),
    ).rejects.toThrow();
    const next = await send({ ...MAHIKENG, deliveryDay: "", email: "sipho@example.com" }, [
      { variantId: bed, quantity: 1 },
    ]);
    // Mahikeng's zone offers days too: the same refusal there, and still no number used.
    expect(refusedAt(next)).toContain("deliveryDay");
    const mahikengDay = (await freeDays((await zoneOf("Mahikeng")).id))[0]!;
    const last = await submitCheckoutForm(
      checkoutForm([{ variantId: bed, quantity: 1 }], {
        ...MAHIKENG,
        deliveryDay: mahikengDay,
        email: "sipho@example.com",
      }),
      "10.0.0.8",
    );
    expect(last.location).toMatch(/^\/payments\//);
    expect(await numbers()).toEqual([1001, 1002, 1003]);
  });

  it("gives orders placed at once distinct numbers, one after the other, refused ones among them", async () => {
    const before = await numbers();
    const day = (await freeDays((await zoneOf("Mahikeng")).id))[0]!;
    const attempts = Array.from({ length: 12 }, (_, i) =>
      placeOrder(
        checkout([{ variantId: bed, quantity: 1 }], {
          ...MAHIKENG,
          email: `rush-${i}@example.com`,
          // Every third leaves the day out: refused after its order's row was written.
          deliveryDay: i % 3 === 0 ? "" : day,
        }),
      ),
    );
    const settled = await Promise.allSettled(attempts);
    const placed = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value.order.number] : []));
    expect(placed).toHaveLength(8);
    expect(settled.filter((s) => s.status === "rejected")).toHaveLength(4);
    const last = before.at(-1)!;
    expect([...placed].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => last + 1 + i),
    );
    expect(await numbers()).toEqual([...before, ...placed].sort((a, b) => a - b));
  });
});

async function zoneOf(name: string) {
  const zones = await db().select().from(deliveryZones);
  return zones.find((z) => z.name === name)!;
}
