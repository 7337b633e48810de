import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings, orders, users } from "~/db/schema";
import { bookDelivery } from "~/domain/delivery/book-delivery.server";
import type { ZoneRules } from "~/domain/delivery/delivery-days";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { useTestDatabase } from "../../setup/database";
import { insertStoreSettings } from "../../factories";
import { countsMatchBookings, dayRow, insertOrders, zone } from "./fixtures";

useTestDatabase();

const now = new Date("2026-11-24T08:00:00Z");
const DAY = "2026-11-25";
const actor = { id: "delivery-test-owner", email: "owner@example.co.za" };

beforeAll(async () => {
  await insertStoreSettings();
  await db()
    .insert(users)
    .values({ id: actor.id, name: "Owner", email: actor.email, role: "owner" });
});

async function bookedOrder(z: ZoneRules) {
  const [orderId] = await insertOrders(1);
  await db().transaction((tx) =>
    bookDelivery(tx, { zone: z, orderId: orderId!, day: DAY, kind: "standard", now }),
  );
  return orderId!;
}

describe("a cancelled order's delivery day", () => {
  it("is given back when staff cancel the order", async () => {
    const z = await zone({ dropsPerDay: 1 });
    const orderId = await bookedOrder(z);
    expect(await dayRow(z.id, DAY)).toMatchObject({ booked: 1 });
    await cancelOrder({ orderId, actor });
    expect(await dayRow(z.id, DAY)).toMatchObject({ booked: 0 });
    expect(
      await db().select().from(deliveryBookings).where(eq(deliveryBookings.orderId, orderId)),
    ).toEqual([]);
    // The freed drop takes another order.
    await bookedOrder(z);
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("is given back when an unpaid order expires", async () => {
    const z = await zone({ dropsPerDay: 2 });
    const orderId = await bookedOrder(z);
    await db()
      .update(orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    expect(await expireUnpaidOrders()).toBeGreaterThanOrEqual(1);
    expect(await dayRow(z.id, DAY)).toMatchObject({ booked: 0 });
    expect(await countsMatchBookings(z.id)).toBe(true);
  });
});
