import crypto from "node:crypto";
import { env, type Env } from "~/env.server";
import {
  type NotifiedPayment,
  type PaymentOutcome,
  type PaymentProvider,
  type RefundAnswer,
  type RefundRequest,
  type StartContext,
} from "./provider";
import { log } from "~/lib/log.server";

/**
 * PayFlex (pay in 4 interest-free instalments), through its merchant API as PayFlex's own
 * plugins use it (github.com/PayFlexSA/payflex-woocommerce-plugin):
 *  - a client-credentials token from the auth URL (client_id, client_secret, audience,
 *    grant_type=client_credentials), kept until two minutes before it expires;
 *  - POST {api}/order/productSelect creates the order and answers orderId, token, redirectUrl;
 *  - GET {api}/order/{orderId} answers its orderStatus: only "Approved" is paid.
 * PayFlex sends no signed notification: the shop learns the result by asking, when the shopper
 * returns and from the periodic re-check of pending payments (orders' recheck-payments.server.ts).
 */
const ENVIRONMENTS = {
  sandbox: {
    authUrl: "https://auth-uat.payflex.co.za/auth/merchant",
    audience: "https://auth-dev.payflex.co.za",
    apiUrl: "https://api.uat.payflex.co.za",
  },
  live: {
    authUrl: "https://auth.payflex.co.za/auth/merchant",
    audience: "https://auth-production.payflex.co.za",
    apiUrl: "https://api.payflex.co.za",
  },
} as const;

/** A token is renewed this long before PayFlex says it expires. */
const TOKEN_MARGIN_MS = 120_000;
const TIMEOUT_MS = 20_000;

type Credentials = {
  authUrl: string;
  apiUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string;
};

function credentials(e: Env): Credentials | null {
  if (!e.PAYFLEX_CLIENT_ID || !e.PAYFLEX_CLIENT_SECRET) return null;
  const defaults = ENVIRONMENTS[e.PAYFLEX_MODE];
  return {
    authUrl: e.PAYFLEX_AUTH_URL ?? defaults.authUrl,
    apiUrl: (e.PAYFLEX_API_URL ?? defaults.apiUrl).replace(/\/+$/, ""),
    audience: defaults.audience,
    clientId: e.PAYFLEX_CLIENT_ID,
    clientSecret: e.PAYFLEX_CLIENT_SECRET,
  };
}

export class PayflexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PayflexError";
  }
}

type CachedToken = { token: string; expiresAt: number };
/** Per process: tokens by credentials (the secret only as a hash), and requests in flight. */
const tokens = new Map<string, CachedToken>();
const pendingTokens = new Map<string, Promise<CachedToken>>();

/** Forgets cached tokens (tests; or after PayFlex refused one). */
export function resetPayflexTokens(): void {
  tokens.clear();
  pendingTokens.clear();
}

function tokenKey(c: Credentials) {
  const secret = crypto.createHash("sha256").update(c.clientSecret).digest("hex");
  return [c.authUrl, c.audience, c.clientId, secret].join("\n");
}

async function requestToken(c: Credentials): Promise<CachedToken> {
  const response = await fetch(c.authUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      audience: c.audience,
      grant_type: "client_credentials",
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    expires_in?: unknown;
  } | null;
  if (!response.ok || typeof body?.access_token !== "string" || !body.access_token) {
    throw new PayflexError(`PayFlex refused the shop's credentials (HTTP ${response.status}).`);
  }
  const seconds = Number(body.expires_in);
  const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 300) * 1000;
  return { token: body.access_token, expiresAt: Date.now() + lifetimeMs };
}

/**
 * Asks PayFlex for a fresh token with the configured credentials (the settings' connection
 * check): resolves when PayFlex accepts them, throws PayflexError when not, or a network error.
 */
export async function checkPayflexCredentials(e: Env = env()): Promise<void> {
  const c = credentials(e);
  if (!c) throw new PayflexError("PayFlex is not configured.");
  await requestToken(c);
}

/** A bearer token for the API, reused until shortly before it expires. */
export async function payflexToken(e: Env = env()): Promise<string> {
  const c = credentials(e);
  if (!c) throw new PayflexError("PayFlex is not configured.");
  const key = tokenKey(c);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
  let pending = pendingTokens.get(key);
  if (!pending) {
    pending = requestToken(c).finally(() => pendingTokens.delete(key));
    pendingTokens.set(key, pending);
  }
  const fresh = await pending;
  tokens.set(key, fresh);
  return fresh.token;
}

/** Calls the API with the cached token; a 401 drops the token and tries once more. */
async function callApi(
  e: Env,
  path: string,
  init: { method: "GET" | "POST"; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  const c = credentials(e);
  if (!c) throw new PayflexError("PayFlex is not configured.");
  for (let attempt = 0; ; attempt++) {
    const token = await payflexToken(e);
    const response = await fetch(`${c.apiUrl}${path}`, {
      method: init.method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401 && attempt === 0) {
      tokens.delete(tokenKey(c));
      continue;
    }
    return { status: response.status, body: await response.json().catch(() => null) };
  }
}

const rand = (cents: number) => (cents / 100).toFixed(2);

/**
 * POST {api}/order/{orderId}/refund with the amount in Rand and our refund reference as its
 * requestId (as PayFlex's plugins call it): a 2xx is a refund made; a 4xx other than a timeout
 * or a rate limit is PayFlex's refusal; anything else (no answer, a 5xx) is unknown. Asking again
 * with the same requestId repeats the same refund rather than making a second one, so an
 * unknown refund is looked up by sending it again.
 */
export async function refundWithPayflex(
  request: RefundRequest,
  e: Env = env(),
): Promise<RefundAnswer> {
  const orderId = request.payment.providerReference;
  if (!orderId) return { status: "refused", why: "PayFlex never named this payment's order." };
  let answered: { status: number; body: unknown };
  try {
    answered = await callApi(e, `/order/${encodeURIComponent(orderId)}/refund`, {
      method: "POST",
      body: {
        requestId: request.reference,
        amount: rand(request.amountCents),
        merchantRefundReference: request.reference,
      },
    });
  } catch (error) {
    return { status: "unknown", why: `PayFlex did not answer: ${(error as Error).message}.` };
  }
  const { status, body } = answered;
  const answer = (body ?? {}) as { refundId?: unknown; message?: unknown };
  const message = typeof answer.message === "string" && answer.message ? `: ${answer.message}` : "";
  if (status >= 200 && status <= 299) {
    const id = typeof answer.refundId === "string" || typeof answer.refundId === "number";
    return { status: "paid", providerRefundId: id ? String(answer.refundId) : request.reference };
  }
  if (status >= 400 && status <= 499 && status !== 408 && status !== 429) {
    return { status: "refused", why: `PayFlex refused the refund (HTTP ${status})${message}.` };
  }
  return { status: "unknown", why: `PayFlex answered HTTP ${status}${message}.` };
}

/** The order PayFlex is asked to create (shapes from PayFlex's API and plugins). */
export function payflexOrderRequest(context: StartContext) {
  const { order, payment, urls } = context;
  const address = {
    addressLine1: order.address,
    // The complex and unit, and the suburb, beside the street; the town stays where it was.
    addressLine2: [order.complex, order.suburb].filter(Boolean).join(", "),
    suburb: order.city,
    postcode: order.postalCode,
  };
  return {
    amount: rand(payment.amountCents),
    consumer: {
      phoneNumber: order.phone,
      givenNames: order.firstName,
      surname: order.lastName,
      email: order.email,
    },
    billing: address,
    shipping: address,
    description: `Order ${order.number}`,
    items: order.lines.map((l) => ({
      name: `${l.title} (${l.size})`,
      sku: l.sku,
      quantity: String(l.quantity),
      price: rand(l.unitPriceCents),
    })),
    merchant: { redirectConfirmUrl: urls.returnUrl, redirectCancelUrl: urls.cancelUrl },
    merchantReference: payment.reference,
    taxAmount: Number(rand(order.vatCents)),
    shippingAmount: Number(rand(order.deliveryCents)),
  };
}

/** PayFlex's amount (a number or a decimal string of Rand) in cents; null when unreadable. */
function amountInCents(value: unknown): number | null {
  const text =
    typeof value === "number" ? value.toFixed(2) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const STATUSES: Record<string, PaymentOutcome["status"] | null> = {
  Approved: "approved",
  Declined: "declined",
  Abandoned: "cancelled",
  Cancelled: "cancelled",
  // Still with the shopper or PayFlex: ask again later.
  Created: null,
  Initiated: null,
};

/**
 * Reads a PayFlex order (null when PayFlex does not know it), checking that it is the order and
 * the payment asked about.
 */
async function readPayflexOrder(
  payment: Pick<NotifiedPayment, "reference" | "providerReference">,
  e: Env,
): Promise<{ orderStatus: string; amount: unknown } | null> {
  if (!payment.providerReference) return null;
  const { status, body } = await callApi(
    e,
    `/order/${encodeURIComponent(payment.providerReference)}`,
    { method: "GET" },
  );
  if (status === 404) return null;
  if (status !== 200 || !body || typeof body !== "object") {
    throw new PayflexError(
      `PayFlex did not answer for order ${payment.providerReference} (HTTP ${status}).`,
    );
  }
  const order = body as Record<string, unknown>;
  if (order.orderId !== undefined && String(order.orderId) !== payment.providerReference) {
    throw new PayflexError(
      `PayFlex answered with another order than ${payment.providerReference}.`,
    );
  }
  if (
    order.merchantReference !== undefined &&
    String(order.merchantReference) !== payment.reference
  ) {
    throw new PayflexError(
      `PayFlex order ${payment.providerReference} is not for payment ${payment.reference}.`,
    );
  }
  return { orderStatus: String(order.orderStatus ?? ""), amount: order.amount };
}

/** Reads a PayFlex order and says what became of our payment (null: not decided yet). */
export async function fetchPayflexOutcome(
  payment: Pick<NotifiedPayment, "reference" | "providerReference" | "amountCents">,
  e: Env = env(),
): Promise<PaymentOutcome | null> {
  const order = await readPayflexOrder(payment, e);
  if (!order) return null;
  const outcomeStatus = STATUSES[order.orderStatus];
  if (outcomeStatus === undefined) {
    log.warn(
      { payflexOrder: payment.providerReference, status: order.orderStatus },
      "A PayFlex order has an unknown status",
    );
    return null;
  }
  if (outcomeStatus === null) return null;
  const amountCents = amountInCents(order.amount);
  return {
    provider: "payflex",
    reference: payment.reference,
    providerReference: payment.providerReference,
    status: outcomeStatus,
    // An unreadable amount can never match, so it is refused by recordPaymentOutcome.
    amountCents: amountCents ?? -1,
    details: { orderId: payment.providerReference!, orderStatus: order.orderStatus },
  };
}

/** What a PayFlex callback names: our reference, or PayFlex's orderId (query, form or JSON). */
async function namedPayment(request: Request): Promise<{ reference?: string; orderId?: string }> {
  const values: Record<string, unknown> = {};
  if (request.method === "POST") {
    const raw = await request.text().catch(() => "");
    if ((request.headers.get("content-type") ?? "").includes("json")) {
      try {
        Object.assign(values, JSON.parse(raw));
      } catch {
        // not JSON after all: nothing named
      }
    } else {
      Object.assign(values, Object.fromEntries(new URLSearchParams(raw)));
    }
  }
  Object.assign(values, Object.fromEntries(new URL(request.url).searchParams));
  const text = (v: unknown) =>
    typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  return {
    reference: text(values.reference) ?? text(values.merchantReference),
    orderId: text(values.orderId),
  };
}

/** PayFlex, when its client id and secret are configured; otherwise null. */
export function payflexProvider(e: Env = env()): PaymentProvider | null {
  if (!credentials(e)) return null;
  return {
    name: "payflex",
    // Its API answers with the address of its checkout page, somewhere under payflex.co.za.
    pageOrigins: ["https://*.payflex.co.za"],
    methods: ["payflex"],
    async start(context) {
      // A reload of the payment page must not open a second PayFlex order for one payment:
      // while PayFlex's order is still open, the shopper goes back to it; once it is decided,
      // to the shop's return page, which reads the outcome.
      const existing = context.payment;
      const openUrl = existing.details.redirectUrl;
      if (existing.providerReference && openUrl) {
        const remote = await readPayflexOrder(existing, e);
        if (remote && STATUSES[remote.orderStatus] === null)
          return { kind: "redirect", url: openUrl };
        if (remote) return { kind: "redirect", url: context.urls.returnUrl };
      }
      const { status, body } = await callApi(e, "/order/productSelect", {
        method: "POST",
        body: payflexOrderRequest(context),
      });
      const created = (body ?? {}) as {
        orderId?: unknown;
        redirectUrl?: unknown;
        message?: unknown;
      };
      const redirectUrl = typeof created.redirectUrl === "string" ? created.redirectUrl : "";
      if (
        status < 200 ||
        status > 299 ||
        (typeof created.orderId !== "string" && typeof created.orderId !== "number") ||
        !/^https?:\/\//.test(redirectUrl)
      ) {
        const message =
          typeof created.message === "string" && created.message ? `: ${created.message}` : "";
        throw new PayflexError(`PayFlex did not create the order (HTTP ${status})${message}.`);
      }
      const orderId = String(created.orderId);
      return {
        kind: "redirect",
        url: redirectUrl,
        opened: { providerReference: orderId, details: { orderId, redirectUrl } },
      };
    },
    fetchOutcome(payment) {
      return fetchPayflexOutcome(payment, e);
    },
    refund(request) {
      return refundWithPayflex(request, e);
    },
    lookupRefund(request) {
      return refundWithPayflex(request, e);
    },
    /**
     * PayFlex documents no signed server notification. A call here only names a payment (our
     * reference or PayFlex's orderId); its status is then read from PayFlex itself, never taken
     * from the request. PayFlex is answered 200 with what became of it.
     */
    async readNotification(request, _clientAddress, payments) {
      const answer = (text: string) => () => new Response(text, { status: 200 });
      const named = await namedPayment(request);
      if (!named.reference && !named.orderId) {
        return {
          outcome: null,
          why: "no_reference",
          reply: () => new Response("No reference", { status: 400 }),
        };
      }
      const payment = named.reference
        ? await payments({ reference: named.reference })
        : await payments({ providerReference: named.orderId! });
      if (!payment || payment.provider !== "payflex") {
        return { outcome: null, why: "unknown_payment", reply: answer("unknown_payment") };
      }
      if (payment.status !== "pending") {
        return { outcome: null, why: "duplicate", reply: answer("duplicate") };
      }
      try {
        const outcome = await fetchPayflexOutcome(payment, e);
        if (!outcome) return { outcome: null, why: "pending", reply: answer("pending") };
        return { outcome, reply: (result) => answer(result)() };
      } catch (error) {
        log.error({ err: error, payment: payment.reference }, "A PayFlex re-check failed");
        return { outcome: null, why: "error", reply: answer("error") };
      }
    },
  };
}
