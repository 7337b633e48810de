// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryZones, orders } from "~/db/schema";
import { DEMO_DELIVERY_ZONES } from "~/db/seed/demo-delivery-zones.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import type { FormActionResult } from "~/lib/forms";
import * as quotesPage from "~/routes/admin/deliveries-quotes";
import * as orderPage from "~/routes/admin/order";
import { useTestDatabase } from "../../setup/database";
import { ownOutbox } from "../account/helpers";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
let outbox: Awaited<ReturnType<typeof ownOutbox>>;
let bed = 0;

beforeAll(async () => {
  outbox = await ownOutbox("quote-routes-");
  const shop = await setUpShop();
  bed = (await addVariant(shop, { priceCents: 300_000, stock: 10 })).variantId;
  await db().insert(deliveryZones).values(DEMO_DELIVERY_ZONES);
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
});

afterAll(() => outbox.close());

/** An order to Durban, which no demo zone covers: awaiting its delivery quote. */
async function quotedOrder() {
  const { order } = await placeOrder(
    checkout([{ variantId: bed, quantity: 1 }], {
      city: "Durban",
      postal: "4001",
      province: "KZN",
    }),
  );
  expect(order.paymentStatus).toBe("awaiting_quote");
  return order;
}

async function list(cookie: string) {
  const { returned, thrown } = await routeOutcome(
    quotesPage.loader,
    shopRequest("/admin/deliveries/quotes?sort=number&dir=desc", { cookie }),
    {},
  );
  return { page: returned as Awaited<ReturnType<typeof quotesPage.loader>>, thrown };
}

async function quote(number: number, cookie: string) {
  const { returned, thrown } = await routeOutcome(
    orderPage.action,
    formRequest(
      `/admin/orders/${number}`,
      { intent: "quote-delivery", carrier: "courier", amount: "850.50", note: "" },
      cookie,
    ),
    { number: String(number) },
  );
  const answer = returned ?? thrown;
  return {
    status: statusOf(answer),
    thrown,
    body: ((answer as { data?: unknown }).data ?? answer) as FormActionResult,
  };
}

const paymentStatusOf = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!.paymentStatus;

describe("Deliveries > Quotes to give for each role", () => {
  it("staff and the owner see the orders awaiting a quote", async () => {
    const order = await quotedOrder();
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { page } = await list(cookie);
      expect(page.rows.map((r) => r.orderNumber)).toContain(order.number);
      expect(page.rows.find((r) => r.orderNumber === order.number)).toMatchObject({
        town: "Durban",
        province: "KZN",
        items: 1,
        totalCents: 300_000,
      });
    }
  });

  it("keeps a visitor out with a sign-in redirect and a customer with 403", async () => {
    const out = await list("");
    expect((out.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(statusOf((await list(cookies.customer)).thrown)).toBe(403);
  });
});

describe("the order page's quote for each role", () => {
  it("refuses a visitor and a customer, and changes nothing", async () => {
    const order = await quotedOrder();
    const out = await quote(order.number, "");
    expect((out.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect((await quote(order.number, cookies.customer)).status).toBe(403);
    expect(await paymentStatusOf(order.id)).toBe("awaiting_quote");
  });

  it("staff and the owner each quote an order", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const order = await quotedOrder();
      const answer = await quote(order.number, cookie);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: true, message: { title: "Quote Sent" } });
      expect(await paymentStatusOf(order.id)).toBe("unpaid");
    }
  });
});
