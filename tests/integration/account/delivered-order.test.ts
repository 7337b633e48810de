import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders, products, users } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { recordDelivered } from "~/domain/delivery/record-delivery.server";
import { orderStageView } from "~/domain/orders/order-stage-view";
import * as accountOrder from "~/routes/account/order";
import { useTestDatabase } from "../../setup/database";
import { routeOutcome, shopRequest, signedIn } from "../admin/helpers";
import { zone } from "../delivery/fixtures";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";

useTestDatabase();

/** Booked on Monday 23 November 2026 for Thursday 26th, delivered that morning. */
const monday = new Date("2026-11-23T08:00:00Z");
const DAY = "2026-11-26";
const staff: SessionUser = {
  id: "delivered-staff",
  email: "crew@test-beds.example",
  name: "Crew",
  role: "staff",
};
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: staff.id, name: staff.name, email: staff.email, role: "staff" });
  await zone({ dropsPerDay: 5 });
});

describe("a delivered order, as its buyer reads it in their account", () => {
  it("is headed by its delivery and who received it, offers no payment nor a day to change, and a review per product", async () => {
    const { order } = await paidOrder(shop, { priceCents: 250_000 });
    const buyer = await signedIn("customer");
    await db().update(orders).set({ customerUserId: buyer.user.id }).where(eq(orders.id, order.id));
    await bookOrderDelivery({
      orderNumber: order.number,
      day: DAY,
      mode: "book",
      actor: staff,
      now: monday,
    });
    await recordDelivered({
      orderNumber: order.number,
      proofKey: crypto.randomUUID(),
      recipientName: "N. Mahlangu",
      signature: "",
      signedOnPaper: true,
      actor: staff,
      now: new Date(`${DAY}T08:00:00Z`),
    });
    const page = await routeOutcome(
      accountOrder.loader,
      shopRequest(`/account/orders/${order.number}`, { cookie: buyer.cookie }),
      { number: String(order.number) },
    );
    const data = page.returned as Awaited<ReturnType<typeof accountOrder.loader>>;
    const view = orderStageView(data.stage);
    expect(view).toMatchObject({
      stage: "delivered",
      title: "Delivered on Thursday 26 November",
    });
    expect(view.sentence).toMatch(/^Received by N\. Mahlangu\./);
    // Nothing to pay, no day to move: it is delivered.
    expect(data.order.payable).toBe(false);
    expect(data.paymentMethods).toEqual([]);
    expect(data.delivery).toBeNull();
    const [product] = await db().select({ slug: products.slug }).from(products).limit(1);
    expect(data.order.lines.map((l) => l.productSlug)).toEqual([expect.any(String)]);
    expect(product).toBeDefined();
  });
});
