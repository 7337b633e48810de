import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { seededRandom, type FuzzRequest, type ShopFacts } from "./fuzz-corpus";
import { fuzzRequests } from "./fuzz-requests";

/** Change it to explore; a failure names the seed it was found with. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

// A shop of its own: the fuzzing uses up rate limits, places orders and holds stock, which
// must not reach the other journeys' shop.
let shop: RunningShop;
let dataDir: string;
let ownerCookie = "";
let facts: ShopFacts;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-fuzz-"));
  shop = await startShop({
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "50" },
    seedIfEmpty: true,
    output: "ignore",
    captureStderr: true,
  });
  ownerCookie = await signInAsOwner();
  facts = await learnShop();
});

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const send = (pathname: string, init: RequestInit = {}) =>
  fetch(`${shop.url}${pathname}`, { redirect: "manual", ...init });

const form = (fields: Record<string, string>, cookie = ""): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", cookie },
  body: new URLSearchParams(fields).toString(),
});

async function signInAsOwner() {
  const response = await send(
    "/admin-login",
    form({ email: DEMO_OWNER.email, password: DEMO_OWNER.password, rememberMe: "on" }),
  );
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  expect((await send("/admin", { headers: { cookie } })).status).toBe(200);
  return cookie;
}

function find(text: string, pattern: RegExp, what: string) {
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`Could not find ${what} in the shop's answer.`);
  return match[1];
}

/** Real ids, an order with its token and a signed gateway link, so the fuzzing gets past them. */
async function learnShop(): Promise<ShopFacts> {
  const listing = await (await send("/products")).text();
  const productSlug = find(listing, /href="\/products\/([a-z0-9-]+)"/, "a product link");
  const admin = await (await send("/admin/products", { headers: { cookie: ownerCookie } })).text();
  const productId = find(admin, /href="\/admin\/products\/(\d+)"/, "a product's edit link");

  const priced = await send("/api/cart-lines", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ variantIds: Array.from({ length: 50 }, (_, i) => i + 1) }),
  });
  const { lines } = (await priced.json()) as { lines: { variantId: number; available: number }[] };
  const inStock = lines.reduce((a, b) => (b.available > a.available ? b : a));
  // Mahikeng is in the demo's Rest of North West zone: the order books one of its days.
  const quoted = await send("/api/checkout-quote", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      lines: [{ variantId: inStock.variantId, quantity: 1 }],
      deliveryMethod: "standard",
      promoCode: "",
      postal: "2745",
      city: "Mahikeng",
      province: "NW",
    }),
  });
  const { delivery } = (await quoted.json()) as { delivery: { days: { day: string }[] } };
  const deliveryDays = delivery.days.map((d) => d.day);
  if (deliveryDays.length < 2) throw new Error("The demo zone offers no delivery days.");
  const checkout = form({
    firstName: "Fuzz",
    lastName: "Journey",
    email: "fuzz@example.com",
    phone: "083 000 1111",
    address: "1 Test Street",
    city: "Mahikeng",
    province: "NW",
    postal: "2745",
    deliveryMethod: "standard",
    deliveryDay: deliveryDays[0]!,
    paymentMethod: "card",
    terms: "on",
    lines: JSON.stringify([{ variantId: inStock.variantId, quantity: 1 }]),
    idempotencyKey: "fuzz-journey-order-0001",
  });
  const placed = await send("/checkout", checkout);
  const paymentReference = find(
    placed.headers.get("location") ?? "",
    /^\/payments\/([\w-]+)$/,
    "the payment page",
  );
  // The same page sent again finds the order and sends the shopper to its page.
  const again = (await send("/checkout", checkout)).headers.get("location") ?? "";
  const [, orderNumber, orderToken] = /^\/orders\/(\d+)\?token=([^&]+)/.exec(again) ?? [];
  if (!orderNumber || !orderToken) throw new Error(`No order page in ${again}`);
  const gateway = (await send(`/payments/${paymentReference}`)).headers.get("location") ?? "";
  const gatewayQuery = find(gateway, /\/demo-gateway\?(.+)$/, "the demo gateway's link");
  return {
    productSlug,
    productId,
    orderNumber,
    orderToken: decodeURIComponent(orderToken),
    paymentReference,
    gatewayQuery,
    deliveryDays,
  };
}

/** A V8 stack frame (`at fn (/path/file.js:1:2)`), raw or inside JSON, or a serialised stack. */
const STACK_TRACE = /(?:\n|\\n)\s*at\s[^\n]*?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+|"stack"\s*:/;

type Answer = { status: number; body: string };

async function answer(request: FuzzRequest): Promise<Answer> {
  const headers = { ...request.headers, ...(request.owner ? { cookie: ownerCookie } : {}) };
  try {
    const response = await send(request.path, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: `no answer: ${(error as Error).message}` };
  }
}

describe("bad input to every form and endpoint", () => {
  it(
    "gets a 4xx (or a normal answer), never a 5xx or a stack trace",
    { timeout: 420_000 },
    async () => {
      const requests = await fuzzRequests(facts, seededRandom(SEED));
      const byStatus = new Map<number, number>();
      const failures: string[] = [];
      for (const request of requests) {
        const { status, body } = await answer(request);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        const problem =
          status === 0 || status >= 500
            ? `status ${status || "none"}`
            : STACK_TRACE.test(body)
              ? "a stack trace in the body"
              : null;
        if (problem) {
          const where = `${request.method} ${request.path.slice(0, 160)}`;
          failures.push(`${problem}: ${where} (${request.label}) -> ${body.slice(0, 200)}`);
        }
      }
      const statuses = [...byStatus].sort(([a], [b]) => a - b);
      console.log(`fuzz seed ${SEED}: ${requests.length} requests, by status`, statuses);
      if (failures.length) console.log(shop.stderr().slice(-4_000));
      expect(failures.slice(0, 40), `${failures.length} failures with seed ${SEED}`).toEqual([]);
      // The corpus reaches the shop's checks, not only its gate.
      expect(requests.length).toBeGreaterThan(1_500);
      expect(byStatus.get(400) ?? 0).toBeGreaterThan(300);
      expect(byStatus.get(415) ?? 0).toBeGreaterThan(50);
    },
  );
});
