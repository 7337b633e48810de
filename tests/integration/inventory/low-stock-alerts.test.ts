import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders, stockAlerts, stockLevels } from "~/db/schema";
import {
  afterStockChange,
  deliverStockAlerts,
} from "~/domain/inventory/deliver-stock-alerts.server";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import {
  getStaffPreferences,
  saveNotificationPreferences,
} from "~/domain/staff/staff-preferences.server";
import { submitCheckout } from "~/routes/store/checkout-action.server";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { checkout } from "../orders/fixtures";
import { addBed, addPerson, levelOf, moveStock, setUpWarehouses } from "./warehouse-fixtures";

useTestDatabase();

/** Switches a staff member's Low Stock Alerts as the Notifications tab does, keeping the rest. */
async function setLowStockAlerts(person: { id: string; email: string }, on: boolean) {
  const {
    theme: _theme,
    compactMode: _compact,
    ...current
  } = await getStaffPreferences({
    userId: person.id,
  });
  await saveNotificationPreferences({ actor: person, input: { ...current, lowStockAlerts: on } });
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpWarehouses>>;
const people = { owner: "", keen: "", quiet: "", customer: "" };
let ownerId = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.FORM_RATE_LIMIT = "1000";
  await insertStoreSettings();
  shop = await setUpWarehouses();
  const owner = await addPerson("owner");
  people.owner = owner.email;
  ownerId = owner.id;
  // Staff with a saved "on", staff who switched it off, and a customer (never told).
  const keen = await addPerson("staff");
  await setLowStockAlerts(keen, true);
  people.keen = keen.email;
  const quiet = await addPerson("staff");
  await setLowStockAlerts(quiet, false);
  people.quiet = quiet.email;
  people.customer = (await addPerson("customer")).email;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.FORM_RATE_LIMIT;
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** A bed with `stock` units in the showroom and a low-stock threshold of 2. */
async function bedWithStock(stock: number, title?: string) {
  const bed = await addBed(shop.categoryId, title);
  await moveStock(bed.variantId, shop.showroom, stock);
  await afterStockChange();
  smtp.received.length = 0;
  return bed;
}

const recipients = () => smtp.received.map((m) => m.to).sort();
const alertsFor = (variantId: number) =>
  db().select().from(stockAlerts).where(eq(stockAlerts.variantId, variantId));

describe("low-stock e-mails", () => {
  it("tell staff once when available stock falls to the threshold, not for each sale below it", async () => {
    const bed = await bedWithStock(5, "Karoo Queen Bed");
    await moveStock(bed.variantId, shop.showroom, -2, "sale");
    await afterStockChange();
    expect(smtp.received).toEqual([]);

    await moveStock(bed.variantId, shop.showroom, -1, "sale");
    await afterStockChange();
    expect(recipients()).toEqual([people.keen, people.owner].sort());
    const [mail] = smtp.received;
    expect(mail!.subject).toMatch(/^Low stock: Karoo Queen Bed/);
    expect(mail!.text).toContain("2 units available, threshold 2.");
    expect(mail!.text).toContain(`/admin/inventory/${bed.variantId}`);

    smtp.received.length = 0;
    await moveStock(bed.variantId, shop.showroom, -1, "sale");
    await afterStockChange();
    await moveStock(bed.variantId, shop.showroom, -1, "sale");
    await afterStockChange();
    expect(smtp.received).toEqual([]);
    expect(await alertsFor(bed.variantId)).toHaveLength(1);
  });

  it("are armed again by a restock above the threshold, and sent again on the next fall", async () => {
    const bed = await bedWithStock(3);
    await moveStock(bed.variantId, shop.showroom, -1, "sale");
    await afterStockChange();
    expect(smtp.received).toHaveLength(2);
    expect((await levelOf(bed.variantId, shop.showroom))!.lowStockAlerted).toBe(true);

    await moveStock(bed.variantId, shop.showroom, 4, "purchase_receipt");
    expect((await levelOf(bed.variantId, shop.showroom))!.lowStockAlerted).toBe(false);
    smtp.received.length = 0;
    await moveStock(bed.variantId, shop.showroom, -4, "adjustment");
    await afterStockChange();
    expect(smtp.received).toHaveLength(2);
    expect(await alertsFor(bed.variantId)).toHaveLength(2);
  });

  it("are not sent for a change that rolled back", async () => {
    const bed = await bedWithStock(3);
    await expect(
      db().transaction(async (tx) => {
        await recordStockMovements(tx, [
          {
            variantId: bed.variantId,
            warehouseId: shop.showroom,
            kind: "adjustment",
            quantity: -2,
            actor: "staff@example.com",
          },
        ]);
        throw new Error("Something failed after the adjustment.");
      }),
    ).rejects.toThrow("Something failed");
    await afterStockChange();
    expect(smtp.received).toEqual([]);
    expect(await alertsFor(bed.variantId)).toEqual([]);
    expect(await levelOf(bed.variantId, shop.showroom)).toMatchObject({
      onHand: 3,
      lowStockAlerted: false,
    });
  });

  it("follow checkout's reservations: the crossing is told right after the order, a cancellation re-arms", async () => {
    const bed = await bedWithStock(3, "Highveld Queen Bed");
    const body = new FormData();
    const fields = {
      ...checkout([{ variantId: bed.variantId, quantity: 1 }]),
      lines: JSON.stringify([{ variantId: bed.variantId, quantity: 1 }]),
      terms: "on",
    };
    for (const [k, v] of Object.entries(fields)) body.set(k, String(v));
    await submitCheckout(
      new Request("http://shop.test/checkout", { method: "POST", body }),
      { clientAddress: "10.0.0.9" },
      "http://shop.test",
    ).catch((thrown: unknown) => {
      if (!(thrown instanceof Response) || thrown.status !== 302) throw thrown;
    });
    const staffMail = smtp.received.filter((m) => m.subject.startsWith("Low stock"));
    expect(staffMail.map((m) => m.to).sort()).toEqual([people.keen, people.owner].sort());
    expect(staffMail[0]!.text).toContain("Highveld Queen Bed");
    expect(staffMail.some((m) => m.to.includes(people.quiet))).toBe(false);
    // The low-stock switch governs only its own e-mail: New Orders is still on for them.
    expect(smtp.received.filter((m) => m.to.includes(people.quiet)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New order \d+: .*, awaiting payment$/),
    ]);
    expect(smtp.received.some((m) => m.to.includes(people.customer))).toBe(false);

    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, fields.idempotencyKey));
    const owner = { id: ownerId, email: people.owner };
    await cancelOrder({ orderId: order!.id, actor: owner });
    expect((await levelOf(bed.variantId, shop.showroom))!.lowStockAlerted).toBe(false);
  });

  it("are sent once however many processes deliver at the same time", async () => {
    const bed = await bedWithStock(4);
    await placeOrder(checkout([{ variantId: bed.variantId, quantity: 3 }]));
    const sent = await Promise.all([
      deliverStockAlerts(),
      deliverStockAlerts(),
      deliverStockAlerts(),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(smtp.received).toHaveLength(2);
    const [alert] = await alertsFor(bed.variantId);
    expect(alert!.sentAt).not.toBeNull();
  });

  it("left queued by a crash are sent by the periodic delivery", async () => {
    const bed = await bedWithStock(3);
    // The change commits, and the process stops before it could send anything.
    await moveStock(bed.variantId, shop.showroom, -3, "sale");
    const [queued] = await alertsFor(bed.variantId);
    expect(queued).toMatchObject({ available: 0, threshold: 2, sentAt: null });
    expect(await deliverStockAlerts()).toBe(1);
    expect(smtp.received[0]!.text).toContain("out of stock, threshold 2.");
  });

  it("list every level one change crossed in one e-mail per staff member", async () => {
    const a = await bedWithStock(3, "Protea Queen Bed");
    const b = await bedWithStock(3, "Baobab Queen Bed");
    await db().transaction((tx) =>
      recordStockMovements(tx, [
        {
          variantId: a.variantId,
          warehouseId: shop.showroom,
          kind: "sale",
          quantity: -2,
          actor: "system",
        },
        {
          variantId: b.variantId,
          warehouseId: shop.showroom,
          kind: "sale",
          quantity: -1,
          actor: "system",
        },
      ]),
    );
    await afterStockChange();
    expect(recipients()).toEqual([people.keen, people.owner].sort());
    expect(smtp.received[0]!.subject).toBe("Low stock: 2 items at or below their threshold");
    expect(smtp.received[0]!.text).toContain("Protea Queen Bed");
    expect(smtp.received[0]!.text).toContain("Baobab Queen Bed");
  });

  it("reach nobody once every staff member has switched them off, and are not sent later", async () => {
    const staff = await db().query.users.findMany({
      where: (u, { inArray }) => inArray(u.role, ["owner", "staff"]),
    });
    for (const person of staff) await setLowStockAlerts(person, false);
    const bed = await bedWithStock(3);
    await moveStock(bed.variantId, shop.showroom, -1, "sale");
    await afterStockChange();
    expect(smtp.received).toEqual([]);
    const [alert] = await alertsFor(bed.variantId);
    expect(alert!.sentAt).not.toBeNull();
    for (const person of staff) await setLowStockAlerts(person, true);
    await deliverStockAlerts();
    expect(smtp.received).toEqual([]);
    const [level] = await db()
      .select()
      .from(stockLevels)
      .where(
        and(eq(stockLevels.variantId, bed.variantId), eq(stockLevels.warehouseId, shop.showroom)),
      );
    expect(level!.lowStockAlerted).toBe(true);
  });
});
