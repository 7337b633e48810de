import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { payments } from "~/db/schema";
import {
  payflexProvider,
  payflexToken,
  resetPayflexTokens,
} from "~/domain/payments/payflex.server";
import { startPayment } from "~/domain/orders/pay-order.server";
import { findPayment } from "~/domain/orders/record-payment.server";
import { payflexOrderRequest } from "~/domain/payments/payflex.server";
import { paymentMethodsFor, providerForMethod } from "~/domain/payments/providers.server";
import { recheckPayment, recheckPendingPayments } from "~/domain/orders/recheck-payments.server";
import { env } from "~/env.server";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import { useTestDatabase } from "../../setup/database";
import {
  orderState,
  orderWithPayment,
  outboxCount,
  setEnv,
  setUpShop,
  startContext,
  startServer,
  stockOf,
} from "./helpers";

useTestDatabase();

const SITE = "https://shop.example";
const CLIENT_SECRET = "s3cr3t-payflex-client-secret";

/** A PayFlex stand-in speaking its documented merchant API: token, create order, get order. */
type RemoteOrder = {
  orderId: string;
  token: string;
  merchantReference: string;
  amount: number;
  orderStatus: string;
};
const api = {
  tokensIssued: 0,
  tokenExpiresIn: 3600,
  authBodies: [] as Record<string, unknown>[],
  orders: new Map<string, RemoteOrder>(),
  created: [] as Record<string, unknown>[],
  gets: [] as string[],
  /** Tokens the API accepts (a revoked one gets 401). */
  valid: new Set<string>(),
};
let server: Awaited<ReturnType<typeof startServer>>;
let restoreEnv: () => void;
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  server = await startServer(({ method, url, headers, body }) => {
    if (method === "POST" && url === "/auth/merchant") {
      const sent = JSON.parse(body) as Record<string, unknown>;
      api.authBodies.push(sent);
      if (sent.client_secret !== CLIENT_SECRET || sent.grant_type !== "client_credentials") {
        return { status: 401, body: { error: "access_denied" } };
      }
      const token = `token-${++api.tokensIssued}`;
      api.valid.add(token);
      return {
        body: { access_token: token, token_type: "Bearer", expires_in: api.tokenExpiresIn },
      };
    }
    const bearer = String(headers.authorization ?? "").replace(/^Bearer /, "");
    if (!api.valid.has(bearer)) return { status: 401, body: { message: "Unauthorized" } };
    if (method === "POST" && url === "/order/productSelect") {
      const order = JSON.parse(body) as Record<string, unknown>;
      api.created.push(order);
      const orderId = `pf-order-${api.created.length}`;
      api.orders.set(orderId, {
        orderId,
        token: `order-token-${api.created.length}`,
        merchantReference: String(order.merchantReference),
        amount: Number(order.amount),
        orderStatus: "Created",
      });
      return {
        status: 201,
        body: {
          orderId,
          token: `order-token-${api.created.length}`,
          redirectUrl: `https://checkout.payflex.example/order/${orderId}`,
          message: "",
        },
      };
    }
    const match = /^\/order\/([^/]+)$/.exec(url);
    if (method === "GET" && match) {
      api.gets.push(decodeURIComponent(match[1]!));
      const order = api.orders.get(decodeURIComponent(match[1]!));
      if (!order) return { status: 404, body: { message: "Order not found" } };
      return { body: { ...order, consumer: { givenNames: "Thandi", surname: "Mokoena" } } };
    }
    return { status: 404, body: { message: "No such endpoint" } };
  });
  restoreEnv = setEnv({
    PAYFAST_MERCHANT_ID: undefined,
    PAYFAST_MERCHANT_KEY: undefined,
    PAYFLEX_CLIENT_ID: "shop-client",
    PAYFLEX_CLIENT_SECRET: CLIENT_SECRET,
    PAYFLEX_MODE: "sandbox",
    PAYFLEX_AUTH_URL: `${server.url}/auth/merchant`,
    PAYFLEX_API_URL: server.url,
    PUBLIC_URL: SITE,
  });
  shop = await setUpShop();
});
afterAll(async () => {
  restoreEnv();
  await server.close();
  await shop.cleanup();
});
beforeEach(() => {
  resetPayflexTokens();
  api.tokensIssued = 0;
  api.tokenExpiresIn = 3600;
  api.authBodies.length = 0;
  api.gets.length = 0;
  api.valid.clear();
});

/** Places an order, starts PayFlex for it as its payment link does and answers PayFlex's orderId. */
async function startPayflex() {
  const { order, payment } = await orderWithPayment(shop.variantId, "payflex", "payflex");
  const start = await startPayment({ reference: payment.reference, siteUrl: SITE });
  const saved = (await findPayment(payment.reference))!;
  return { order, payment: saved, start };
}

function setRemoteStatus(
  orderId: string | null,
  orderStatus: string,
  changes: Partial<RemoteOrder> = {},
) {
  const remote = api.orders.get(orderId!)!;
  Object.assign(remote, { orderStatus, ...changes });
}

describe("PayFlex", () => {
  it("is the checkout's provider for PayFlex only, with the demo gateway switched off", () => {
    expect(providerForMethod("payflex")?.name).toBe("payflex");
    expect(paymentMethodsFor(349900)).toEqual(["payflex"]);
  });

  it("creates the order at PayFlex, keeps its orderId and sends the shopper to its page", async () => {
    const { order, payment, start } = await startPayflex();
    expect(api.authBodies).toEqual([
      {
        client_id: "shop-client",
        client_secret: CLIENT_SECRET,
        audience: "https://auth-dev.payflex.co.za",
        grant_type: "client_credentials",
      },
    ]);
    const sent = api.created.at(-1)!;
    expect(sent).toMatchObject({
      amount: (payment.amountCents / 100).toFixed(2),
      consumer: { givenNames: "Thandi", surname: "Mokoena", email: "thandi@example.com" },
      billing: { addressLine1: "12 Church Street", suburb: "Lichtenburg", postcode: "2740" },
      merchant: {
        redirectConfirmUrl: `${SITE}/payments/${payment.reference}/return`,
        redirectCancelUrl: `${SITE}/payments/${payment.reference}/return?cancelled=1`,
      },
      merchantReference: payment.reference,
      items: [{ name: "Cloud Bed (Queen)", sku: "CLOUD-Q", quantity: "1", price: "3499.00" }],
    });
    expect(payment.providerReference).toMatch(/^pf-order-\d+$/);
    expect(start).toEqual({
      kind: "redirect",
      url: `https://checkout.payflex.example/order/${payment.providerReference}`,
    });
    expect((await orderState(order.id)).order.paymentStatus).toBe("unpaid");

    // The payment page reloaded: the same PayFlex order, not a second one.
    const created = api.created.length;
    const context = startContext(order, payment);
    expect(await payflexProvider(env())!.start(context)).toEqual(start);
    expect(api.created).toHaveLength(created);
    // Once PayFlex has decided, back to the shop's return page, which reads the outcome.
    setRemoteStatus(payment.providerReference, "Declined");
    expect(await payflexProvider(env())!.start(context)).toEqual({
      kind: "redirect",
      url: context.urls.returnUrl,
    });
    expect(api.created).toHaveLength(created);
  });

  it("gives PayFlex the complex and suburb beside the street, and the town as before", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "payflex", "payflex");
    const context = startContext(
      { ...order, complex: "Unit 4, Protea Gardens", suburb: "Golfview" },
      payment,
    );
    expect(payflexOrderRequest(context).shipping).toEqual({
      addressLine1: "12 Church Street",
      addressLine2: "Unit 4, Protea Gardens, Golfview",
      suburb: "Lichtenburg",
      postcode: "2740",
    });
    expect(payflexOrderRequest(startContext(order, payment)).shipping.addressLine2).toBe("");
  });

  it("marks the order paid only when PayFlex says Approved, once", async () => {
    const { order, payment } = await startPayflex();
    const before = await stockOf(shop.variantId);
    const mails = await outboxCount(shop.dataDir);

    expect(await recheckPayment(payment.reference, SITE)).toBe("pending");
    setRemoteStatus(payment.providerReference, "Initiated");
    expect(await recheckPayment(payment.reference, SITE)).toBe("pending");
    expect((await orderState(order.id)).order.paymentStatus).toBe("unpaid");

    setRemoteStatus(payment.providerReference, "Approved");
    expect(await recheckPayment(payment.reference, SITE)).toBe("paid");
    const state = await orderState(order.id);
    expect(state.order.paymentStatus).toBe("paid");
    expect(state.order.stockHold).toBe("sold");
    expect(state.payments[0]).toMatchObject({
      status: "approved",
      providerReference: payment.providerReference,
    });
    expect(await stockOf(shop.variantId)).toEqual({
      onHand: before.onHand - 1,
      reserved: before.reserved - 1,
      sales: before.sales + 1,
    });
    expect(await outboxCount(shop.dataDir)).toBe(mails + 2);

    // Asking again changes nothing.
    expect(await recheckPayment(payment.reference, SITE)).toBe("duplicate");
    const outcome = await payflexProvider(env())!.fetchOutcome!(payment);
    expect(outcome?.status).toBe("approved");
    const again = await (
      await import("~/domain/orders/apply-payment-outcome.server")
    ).applyPaymentOutcome(outcome!, SITE);
    expect(again.result).toBe("duplicate");
    expect(
      (await orderState(order.id)).events.filter((e) => e === "payment_approved"),
    ).toHaveLength(1);
    expect(await outboxCount(shop.dataDir)).toBe(mails + 2);
  });

  it("leaves the order unpaid when PayFlex declines, abandons or cancels", async () => {
    for (const [remote, local] of [
      ["Declined", "declined"],
      ["Abandoned", "cancelled"],
      ["Cancelled", "cancelled"],
    ] as const) {
      const { order, payment } = await startPayflex();
      const stock = await stockOf(shop.variantId);
      setRemoteStatus(payment.providerReference, remote);
      expect(await recheckPayment(payment.reference, SITE)).toBe(local);
      const state = await orderState(order.id);
      expect(state.order.paymentStatus).toBe("unpaid");
      expect(state.order.stockHold).toBe("reserved");
      expect(state.payments[0]!.status).toBe(local);
      expect(await stockOf(shop.variantId)).toEqual(stock);
    }
  });

  it("refuses an approval for another amount or another payment", async () => {
    const { order, payment } = await startPayflex();
    setRemoteStatus(payment.providerReference, "Approved", {
      amount: payment.amountCents / 100 - 1,
    });
    expect(await recheckPayment(payment.reference, SITE)).toBe("amount_mismatch");
    setRemoteStatus(payment.providerReference, "Approved", {
      amount: payment.amountCents / 100,
      merchantReference: "someone-else",
    });
    expect(await recheckPayment(payment.reference, SITE)).toBe("error");
    const state = await orderState(order.id);
    expect(state.order.paymentStatus).toBe("unpaid");
    expect(state.payments[0]!.status).toBe("pending");
  });

  it("reuses its token until shortly before it expires, and renews a refused one", async () => {
    await startPayflex();
    const { payment } = await startPayflex();
    await recheckPayment(payment.reference, SITE);
    await recheckPayment(payment.reference, SITE);
    expect(api.tokensIssued).toBe(1);
    expect(await payflexToken()).toBe("token-1");

    // Revoked by PayFlex: the next call gets a 401, takes a new token and succeeds.
    api.valid.clear();
    expect(await recheckPayment(payment.reference, SITE)).toBe("pending");
    expect(api.tokensIssued).toBe(2);

    // A token about to expire (inside the two-minute margin) is not used.
    resetPayflexTokens();
    api.tokenExpiresIn = 60;
    await payflexToken();
    await payflexToken();
    expect(api.tokensIssued).toBe(4);
    // Concurrent callers share one token request.
    resetPayflexTokens();
    api.tokenExpiresIn = 3600;
    const shared = await Promise.all([payflexToken(), payflexToken(), payflexToken()]);
    expect(new Set(shared).size).toBe(1);
    expect(api.tokensIssued).toBe(5);
  });

  it("does not start without a token, and never logs or stores the client secret", async () => {
    const restore = setEnv({ PAYFLEX_CLIENT_SECRET: "wrong-secret" });
    try {
      const { order, payment } = await orderWithPayment(shop.variantId, "payflex", "payflex");
      const error = await payflexProvider(env())!
        .start(startContext(order, payment))
        .catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain("401");
      expect((error as Error).message).not.toContain("wrong-secret");
      expect((await findPayment(payment.reference))!.providerReference).toBeNull();
    } finally {
      restore();
    }
  });

  it("re-checks a callback with PayFlex instead of believing it", async () => {
    const { order, payment } = await startPayflex();
    const provider = payflexProvider(env())!;
    const call = (query: string, body?: object) =>
      receivePaymentNotification(
        provider,
        new Request(`${SITE}/api/payments/payflex/notify${query}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body ?? {}),
        }),
        "198.51.100.7",
        { siteUrl: SITE },
      );
    // The request claims approval; PayFlex still says Created.
    const claimed = await call("", { orderId: payment.providerReference, orderStatus: "Approved" });
    expect(claimed.status).toBe(200);
    expect(await claimed.text()).toBe("pending");
    expect((await orderState(order.id)).order.paymentStatus).toBe("unpaid");

    setRemoteStatus(payment.providerReference, "Approved");
    const confirmed = await call(`?reference=${encodeURIComponent(payment.reference)}`);
    expect(await confirmed.text()).toBe("paid");
    expect((await orderState(order.id)).order.paymentStatus).toBe("paid");
    expect(await (await call("?reference=nope")).text()).toBe("unknown_payment");
    expect((await call("")).status).toBe(400);
  });
});

describe("recheckPendingPayments", () => {
  async function backdate(paymentId: number) {
    const then = new Date(Date.now() - 5 * 60_000);
    await db()
      .update(payments)
      .set({ createdAt: then, updatedAt: then })
      .where(eq(payments.id, paymentId));
  }

  it("applies PayFlex's answers to pending payments, once, with several runs at the same time", async () => {
    const approved = await startPayflex();
    const declined = await startPayflex();
    const waiting = await startPayflex();
    const fresh = await startPayflex();
    for (const p of [approved, declined, waiting]) await backdate(p.payment.id);
    setRemoteStatus(approved.payment.providerReference, "Approved");
    setRemoteStatus(declined.payment.providerReference, "Declined");
    setRemoteStatus(fresh.payment.providerReference, "Approved");
    const mails = await outboxCount(shop.dataDir);
    api.gets.length = 0;

    const runs = await Promise.all([
      recheckPendingPayments({ siteUrl: SITE }),
      recheckPendingPayments({ siteUrl: SITE }),
      recheckPendingPayments({ siteUrl: SITE }),
    ]);
    const total = (key: "paid" | "declined" | "pending") =>
      runs.reduce((sum, r) => sum + (r.results[key] ?? 0), 0);
    expect(total("paid")).toBe(1);
    expect(total("declined")).toBe(1);
    expect(total("pending")).toBe(1);
    // Each payment was asked about once, whatever the number of runs; the fresh one not yet.
    expect(api.gets.sort()).toEqual(
      [approved, declined, waiting].map((p) => p.payment.providerReference!).sort(),
    );

    expect((await orderState(approved.order.id)).order.paymentStatus).toBe("paid");
    expect((await orderState(declined.order.id)).payments[0]!.status).toBe("declined");
    expect((await orderState(waiting.order.id)).payments[0]!.status).toBe("pending");
    expect((await orderState(fresh.order.id)).order.paymentStatus).toBe("unpaid");
    expect(await outboxCount(shop.dataDir)).toBe(mails + 2);

    // A run straight after asks nobody again: the waiting payment was checked moments ago.
    api.gets.length = 0;
    const next = await recheckPendingPayments({ siteUrl: SITE });
    expect(next.checked).toBe(0);
    expect(api.gets).toEqual([]);
  });
});
