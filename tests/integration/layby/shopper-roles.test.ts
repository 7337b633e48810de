// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { laybyPlans, orders, payments } from "~/db/schema";
import { placeOrder, type PlacedOrder } from "~/domain/orders/place-order.server";
import { demoGateway, demoNotification } from "~/domain/payments/demo-gateway.server";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import { createPaymentAttempt } from "~/domain/orders/record-payment.server";
import { nextUnpaidInstalment } from "~/domain/layby/pay-instalment.server";
import * as accountOrder from "~/routes/account/order";
import * as orderPage from "~/routes/store/order";
import * as paymentReturn from "~/routes/payments/return";
import { useTestDatabase } from "../../setup/database";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";

useTestDatabase();

type Person = Awaited<ReturnType<typeof signedIn>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let people: Record<"customer" | "staff" | "owner" | "other", Person>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "layby-roles-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  shop = await setUpShop();
  people = {
    customer: await signedIn("customer"),
    staff: await signedIn("staff"),
    owner: await signedIn("owner"),
    other: await signedIn("customer"),
  };
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A lay-by order with its deposit paid, in `owner`'s account (or a guest's). */
async function laybyWithDeposit(owner?: Person): Promise<PlacedOrder> {
  const bed = await addVariant(shop, { priceCents: 900_000, stock: 5 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: 1 }], {
      layby: { months: 2, depositCents: 60_000 },
    }),
  );
  if (owner) {
    await db().update(orders).set({ customerUserId: owner.user.id }).where(eq(orders.id, order.id));
  }
  const deposit = (await nextUnpaidInstalment(order.id))!;
  const payment = await createPaymentAttempt(order, "card", "demo", deposit);
  const body = demoNotification(payment, { status: "approved" });
  await receivePaymentNotification(
    demoGateway(),
    new Request("http://shop.test/api/payments/demo/notify", { method: "POST", body }),
    "127.0.0.1",
  );
  return order;
}

const planStatus = async (orderId: number) =>
  (await db().select().from(laybyPlans).where(eq(laybyPlans.orderId, orderId)))[0]!.status;
const attempts = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId))).length;
const location = (value: unknown) => (value as Response).headers.get("location");

const PAY = { intent: "pay", paymentMethod: "card" };
const CANCEL = { intent: "cancel-layby" };

describe("/account/orders/:number: paying and cancelling a lay-by", () => {
  it("signed out: both go to the sign-in, nothing changes", async () => {
    const order = await laybyWithDeposit(people.customer);
    const url = `/account/orders/${order.number}`;
    for (const fields of [PAY, CANCEL]) {
      const { thrown } = await routeOutcome(accountOrder.action, formRequest(url, fields), {
        number: String(order.number),
      });
      expect(location(thrown)).toBe(`/account/sign-in?next=${encodeURIComponent(url)}`);
    }
    expect(await attempts(order.id)).toBe(1);
    expect(await planStatus(order.id)).toBe("active");
  });

  for (const role of ["other", "staff", "owner"] as const) {
    it(`${role}: another shopper's lay-by is not found, nothing changes`, async () => {
      const order = await laybyWithDeposit(people.customer);
      const url = `/account/orders/${order.number}`;
      const params = { number: String(order.number) };
      const page = await routeOutcome(
        accountOrder.loader,
        shopRequest(url, { cookie: people[role].cookie }),
        params,
      );
      expect(statusOf(page.thrown)).toBe(404);
      for (const fields of [PAY, CANCEL]) {
        const { returned } = await routeOutcome(
          accountOrder.action,
          formRequest(url, fields, people[role].cookie),
          params,
        );
        expect(statusOf(returned)).toBe(404);
      }
      expect(await attempts(order.id)).toBe(1);
      expect(await planStatus(order.id)).toBe("active");
    });
  }

  it("customer: sees the schedule, pays the next instalment and cancels after confirming", async () => {
    const order = await laybyWithDeposit(people.customer);
    const { cookie } = people.customer;
    const url = `/account/orders/${order.number}`;
    const params = { number: String(order.number) };
    const page = await routeOutcome(accountOrder.loader, shopRequest(url, { cookie }), params);
    expect(page.returned).toMatchObject({
      layby: {
        plan: { status: "active", paidCents: 60_000, leftCents: order.totalCents - 60_000 },
        methods: ["card", "payfast"],
        cancelPreview: null,
      },
    });
    const states = (page.returned as { layby: { plan: { instalments: { state: string }[] } } })
      .layby.plan.instalments;
    expect(states.map((i) => i.state)).toEqual(["paid", "due", "due"]);

    const paid = await routeOutcome(accountOrder.action, formRequest(url, PAY, cookie), params);
    expect(location(paid.thrown)).toMatch(/^\/payments\/\d+-[0-9a-f]{12}$/);
    const [attempt] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, location(paid.thrown)!.slice("/payments/".length)));
    expect(attempt!.amountCents).toBe(420_000);
    // PayFlex never pays a lay-by.
    const payflex = await routeOutcome(
      accountOrder.action,
      formRequest(url, { intent: "pay", paymentMethod: "payflex" }, cookie),
      params,
    );
    expect(statusOf(payflex.returned)).toBe(400);

    const confirm = await routeOutcome(
      accountOrder.loader,
      shopRequest(`${url}?cancel=1`, { cookie }),
      params,
    );
    expect(
      (confirm.returned as { layby: { cancelPreview: string[] } }).layby.cancelPreview,
    ).toEqual([
      "Paid so far: R600.00.",
      "Cancellation charge: 1% of the price of the goods, R9,000.00 (delivery and add-ons not included) = R90.00.",
      "Refunded to you: R510.00.",
    ]);
    const cancelled = await routeOutcome(
      accountOrder.action,
      formRequest(url, CANCEL, cookie),
      params,
    );
    expect(location(cancelled.thrown)).toBe(url);
    expect(await planStatus(order.id)).toBe("cancelled");
    const again = await routeOutcome(accountOrder.action, formRequest(url, CANCEL, cookie), params);
    expect(statusOf(again.returned)).toBe(409);
  });
});

describe("/orders/:number?token=: paying and cancelling a guest's lay-by", () => {
  it("a wrong token finds nothing and changes nothing", async () => {
    const order = await laybyWithDeposit();
    const params = { number: String(order.number) };
    for (const fields of [PAY, CANCEL]) {
      const { returned } = await routeOutcome(
        orderPage.action,
        formRequest(`/orders/${order.number}?token=wrong`, fields),
        params,
      );
      expect(statusOf(returned)).toBe(404);
    }
    expect(await attempts(order.id)).toBe(1);
    expect(await planStatus(order.id)).toBe("active");
  });

  it("the link pays the next instalment and cancels", async () => {
    const order = await laybyWithDeposit();
    const url = `/orders/${order.number}?token=${encodeURIComponent(order.token)}`;
    const params = { number: String(order.number) };
    const page = await routeOutcome(orderPage.loader, shopRequest(url), params);
    expect(page.returned).toMatchObject({
      paymentMethods: [],
      layby: { plan: { status: "active" }, methods: ["card", "payfast"] },
    });
    const paid = await routeOutcome(orderPage.action, formRequest(url, PAY), params);
    expect(location(paid.thrown)).toMatch(/^\/payments\//);
    const cancelled = await routeOutcome(orderPage.action, formRequest(url, CANCEL), params);
    expect(location(cancelled.thrown)).toBe(url);
    expect(await planStatus(order.id)).toBe("cancelled");
    const later = await routeOutcome(orderPage.action, formRequest(url, PAY), params);
    expect(statusOf(later.returned)).toBe(409);
  });
});

describe("back from the payment provider (/payments/:reference/return)", () => {
  it("goes to the account's order page for its owner signed in, else to the order's link", async () => {
    const order = await laybyWithDeposit(people.customer);
    const next = (await nextUnpaidInstalment(order.id))!;
    const payment = await createPaymentAttempt(order, "card", "demo", next);
    const back = async (cookie?: string) => {
      const outcome = await routeOutcome(
        paymentReturn.loader,
        shopRequest(`/payments/${payment.reference}/return`, { cookie }),
        { reference: payment.reference },
      );
      return location(outcome.thrown);
    };
    expect(await back(people.customer.cookie)).toBe(`/account/orders/${order.number}?from=payment`);
    for (const cookie of [undefined, people.other.cookie, people.staff.cookie]) {
      expect(await back(cookie)).toBe(
        `/orders/${order.number}?token=${encodeURIComponent(order.token)}&from=payment`,
      );
    }
  });
});
