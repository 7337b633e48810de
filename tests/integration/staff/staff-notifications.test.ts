import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/domain/auth/roles";
import { completeCheckout } from "~/domain/orders/checkout.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { applyPaymentOutcome } from "~/domain/orders/apply-payment-outcome.server";
import { createPaymentAttempt } from "~/domain/orders/record-payment.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import type { NotificationPreferences } from "~/domain/staff/preference-schemas";
import {
  DEFAULT_PREFERENCES,
  saveNotificationPreferences,
  staffRecipients,
} from "~/domain/staff/staff-preferences.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { addPerson } from "../inventory/warehouse-fixtures";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";

useTestDatabase();

const SITE = "http://shop.test";
const SHOPPER = "thandi@example.com";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let shopAddress = "";
/** Who is who: the owner never saved a preference (the defaults), the others saved theirs. */
const people = {} as Record<
  "owner" | "everything" | "nothing" | "paymentsOnly" | "customer",
  SessionUser
>;

const { theme: _theme, compactMode: _compact, ...DEFAULT_NOTIFICATIONS } = DEFAULT_PREFERENCES;
const save = (person: SessionUser, changes: Partial<NotificationPreferences>) =>
  saveNotificationPreferences({ actor: person, input: { ...DEFAULT_NOTIFICATIONS, ...changes } });

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  shopAddress = (await getStoreSettings()).email;
  people.owner = await addPerson("owner");
  people.everything = await addPerson("staff");
  await save(people.everything, {
    newOrders: true,
    lowStockAlerts: true,
    paymentConfirmations: true,
    weeklyReports: true,
    marketingUpdates: true,
  });
  people.nothing = await addPerson("staff");
  await save(people.nothing, {
    newOrders: false,
    lowStockAlerts: false,
    paymentConfirmations: false,
  });
  people.paymentsOnly = await addPerson("staff");
  await save(people.paymentsOnly, { newOrders: false, paymentConfirmations: true });
  people.customer = await addPerson("customer");
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const to = (subject: RegExp) =>
  smtp.received
    .filter((m) => subject.test(m.subject))
    .map((m) => m.to)
    .sort();
const emails = (...who: (keyof typeof people)[]) => who.map((w) => people[w].email).sort();

async function checkOutOne() {
  const bed = await addVariant(shop, { priceCents: 250_000, stock: 20 });
  await completeCheckout({
    input: { ...checkout([{ variantId: bed.variantId, quantity: 1 }]), terms: "on" },
    siteUrl: SITE,
  });
  return bed;
}

describe("who gets which staff e-mail", () => {
  it("a placed order: New Orders to staff with it on (on by default); the shopper, paying, gets nothing yet", async () => {
    await checkOutOne();
    expect(to(/^Your order \d+/)).toEqual([]);
    expect(to(/^New order \d+: R[\d ,.]+, awaiting payment$/)).toEqual(
      emails("owner", "everything"),
    );
    const staffMail = smtp.received.find((m) => m.to === people.owner.email)!;
    expect(staffMail.text).toContain("Thandi Mokoena <thandi@example.com>");
    expect(staffMail.text).toMatch(/In the back office: http:\/\/shop\.test\/admin\/orders\/\d+/);
    expect(staffMail.text).toContain("New Orders is on in your notification settings");
    // Nobody else: not the customer account, not the shop's own address, no payment e-mail yet.
    expect(smtp.received).toHaveLength(2);
    expect(to(/^New paid order/)).toEqual([]);
  });

  it("a payment: the shopper's confirmation, and Payment Confirmations to staff with it on", async () => {
    const bed = await addVariant(shop, { priceCents: 180_000, stock: 5 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    const payment = await createPaymentAttempt(order, "card", "demo");
    smtp.received.length = 0;
    const recorded = await applyPaymentOutcome(
      {
        provider: "demo",
        reference: payment.reference,
        providerReference: `demo_${payment.reference}`,
        status: "approved",
        amountCents: payment.amountCents,
      },
      SITE,
    );
    expect(recorded.result).toBe("paid");
    expect(to(new RegExp(`^Your order ${order.number} at .+ is confirmed and paid$`))).toEqual([
      SHOPPER,
    ]);
    expect(to(new RegExp(`^New paid order ${order.number}: `))).toEqual(
      emails("owner", "everything", "paymentsOnly"),
    );
    expect(smtp.received.map((m) => m.to)).not.toContain(shopAddress);
    expect(smtp.received.map((m) => m.to)).not.toContain(people.nothing.email);
    expect(smtp.received).toHaveLength(4);
  });

  it("follows a change at once: the owner switching New Orders off gets no more of them", async () => {
    await save(people.owner, { newOrders: false });
    await checkOutOne();
    expect(to(/^New order \d+/)).toEqual(emails("everything"));
    await save(people.owner, { newOrders: true });
    smtp.received.length = 0;
    await checkOutOne();
    expect(to(/^New order \d+/)).toEqual(emails("owner", "everything"));
  });

  it("reaches nobody when every staff member has switched a kind off, and never a customer", async () => {
    for (const person of [people.owner, people.everything, people.paymentsOnly]) {
      await save(person, { newOrders: false });
    }
    await checkOutOne();
    expect(to(/^New order/)).toEqual([]);
    // The shopper is at the payment page: nothing goes to anyone yet.
    expect(smtp.received).toEqual([]);
    for (const person of [people.owner, people.everything]) await save(person, {});
    await save(people.paymentsOnly, { newOrders: false, paymentConfirmations: true });
  });

  it("answers each kind's recipients from saved rows and the defaults", async () => {
    expect(await staffRecipients("newOrders")).toEqual(emails("owner", "everything"));
    expect(await staffRecipients("paymentConfirmations")).toEqual(
      emails("owner", "everything", "paymentsOnly"),
    );
    expect(await staffRecipients("lowStockAlerts")).toEqual(
      emails("owner", "everything", "paymentsOnly"),
    );
  });
});
