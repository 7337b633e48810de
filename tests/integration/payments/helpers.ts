import { resetPayflexTokens } from "~/domain/payments/payflex.server";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  categories,
  orderEvents,
  orders,
  payments,
  products,
  stockLevels,
  stockMovements,
  users,
  variants,
  warehouses,
} from "~/db/schema";
import { paymentStartContext } from "~/domain/orders/pay-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import type { PaymentMethod } from "~/domain/orders/totals";
import { createPaymentAttempt } from "~/domain/orders/record-payment.server";
import type { PaymentProviderName, StartContext } from "~/domain/payments/provider";
import { insertStoreSettings } from "../../factories";

/**
 * Store settings, a bed with stock in one warehouse, a staff member (who gets the paid-order
 * notice: Payment Confirmations is on by default) and mail written to a temporary outbox.
 */
export async function setUpShop(onHand = 100) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "payments-test-"));
  process.env.DATA_DIR = dataDir;
  await insertStoreSettings();
  const desk = crypto.randomBytes(4).toString("hex");
  await db()
    .insert(users)
    .values({
      id: `desk-${desk}`,
      name: "Payments Desk",
      email: `desk-${desk}@example.com`,
      role: "staff",
    });
  const [category] = await db()
    .insert(categories)
    .values({ slug: "beds", name: "Beds" })
    .returning();
  const [product] = await db()
    .insert(products)
    .values({ slug: "cloud", title: "Cloud Bed", type: "Foam Bed", categoryId: category!.id })
    .returning();
  const [variant] = await db()
    .insert(variants)
    .values({ productId: product!.id, size: "queen", sku: "CLOUD-Q", priceCents: 349900 })
    .returning();
  const [warehouse] = await db()
    .insert(warehouses)
    .values({ code: "MAIN", name: "Showroom", isDefault: true })
    .returning();
  await db()
    .insert(stockLevels)
    .values({ variantId: variant!.id, warehouseId: warehouse!.id, onHand, reserved: 0 });
  return {
    variantId: variant!.id,
    dataDir,
    async cleanup() {
      delete process.env.DATA_DIR;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Places an order for `quantity` of the variant and starts a payment attempt for it. */
export async function orderWithPayment(
  variantId: number,
  method: PaymentMethod,
  provider: PaymentProviderName,
  quantity = 1,
) {
  const { order } = await placeOrder({
    firstName: "Thandi",
    lastName: "Mokoena",
    email: "thandi@example.com",
    phone: "+27 82 123 4567",
    address: "12 Church Street",
    city: "Lichtenburg",
    postal: "2740",
    deliveryMethod: "standard",
    paymentMethod: method,
    promoCode: "",
    lines: [{ variantId, quantity }],
    idempotencyKey: crypto.randomBytes(16).toString("hex"),
  });
  const payment = await createPaymentAttempt(order, method, provider);
  return { order, payment };
}

/** The StartContext the checkout would give a provider for this order and payment. */
export function startContext(
  order: Awaited<ReturnType<typeof orderWithPayment>>["order"],
  payment: Awaited<ReturnType<typeof orderWithPayment>>["payment"],
  lines: StartContext["order"]["lines"] = [
    { title: "Cloud Bed", size: "Queen", sku: "CLOUD-Q", quantity: 1, unitPriceCents: 349900 },
  ],
): StartContext {
  return paymentStartContext({ ...order, lines }, payment, "https://shop.example");
}

export async function orderState(orderId: number) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  const attempts = await db().select().from(payments).where(eq(payments.orderId, orderId));
  return { order: order!, events: events.map((e) => e.type), payments: attempts };
}

export async function stockOf(variantId: number) {
  const [level] = await db().select().from(stockLevels).where(eq(stockLevels.variantId, variantId));
  const sales = await db()
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.variantId, variantId), eq(stockMovements.kind, "sale")));
  return { onHand: level!.onHand, reserved: level!.reserved, sales: sales.length };
}

export async function outboxCount(dataDir: string) {
  const files = await fs.readdir(path.join(dataDir, "outbox")).catch(() => []);
  return files.length;
}

/** A local HTTP server for a provider's API; `handle` answers each request (body as text). */
export async function startServer(
  handle: (request: {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }) =>
    | { status?: number; body: string | object }
    | Promise<{ status?: number; body: string | object }>,
) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", async () => {
      try {
        const answer = await handle({
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers: req.headers,
          body,
        });
        const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status ?? 200, {
          "Content-Type": typeof answer.body === "string" ? "text/plain" : "application/json",
        });
        res.end(text);
      } catch (error) {
        res.writeHead(500);
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sets environment variables for a test file and puts the old values back afterwards. */
export function setEnv(values: Record<string, string | undefined>) {
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/**
 * A local stand-in for PayFlex's API, set up for the shop: its token endpoint answers a token,
 * every other request goes to `handle`. `close` puts the environment back and forgets the token.
 */
export async function startPayflexStandIn(handle: Parameters<typeof startServer>[0]) {
  const api = await startServer((request) =>
    request.url === "/auth/merchant"
      ? { body: { access_token: "stand-in-token", expires_in: 3600 } }
      : handle(request),
  );
  const restore = setEnv({
    PAYFLEX_CLIENT_ID: "shop-client",
    PAYFLEX_CLIENT_SECRET: "shop-secret",
    PAYFLEX_AUTH_URL: `${api.url}/auth/merchant`,
    PAYFLEX_API_URL: api.url,
  });
  resetPayflexTokens();
  return {
    url: api.url,
    close: async () => {
      restore();
      resetPayflexTokens();
      await api.close();
    },
  };
}
