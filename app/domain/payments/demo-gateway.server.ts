import crypto from "node:crypto";
import { z } from "zod";
import { sameSecret } from "~/domain/security/same-secret.server";
import { readForm } from "~/lib/request-input.server";
import { env } from "~/env.server";
import { DEMO_DECLINE_CARD } from "./demo-cards";
import type {
  NotificationRefusal,
  PaymentMethod,
  OutcomeResult,
  PaymentOutcome,
  PaymentProvider,
  StartContext,
} from "./provider";
import { log } from "~/lib/log.server";

/**
 * The built-in demo gateway: a page of the shop that behaves like a provider's hosted payment
 * page. The shop sends the shopper there with a signed request (as it would to PayFast); the
 * page takes test cards or an approve/decline choice and tells the shop the result with a signed
 * server-to-server notification, like a real provider's. It keeps no card number or CVV: the
 * notification carries the brand and last four digits only.
 */
export const DEMO_GATEWAY_PATH = "/demo-gateway";

const REQUEST_FIELDS = ["reference", "amount", "method", "item", "return", "cancel", "notify"];
const NOTIFY_FIELDS = [
  "reference",
  "status",
  "amount",
  "demo_payment_id",
  "card_brand",
  "card_last4",
  "timestamp",
];
/** A notification older than this is refused (a replay of an old one). */
const NOTIFY_MAX_AGE_MS = 10 * 60_000;

/** Without BETTER_AUTH_SECRET (development), a key of this process's own, never a constant. */
let processKey: Buffer | undefined;

function signingKey() {
  const secret = env().BETTER_AUTH_SECRET;
  if (!secret) return (processKey ??= crypto.randomBytes(32));
  return crypto.createHmac("sha256", secret).update("demo-payment-gateway").digest();
}

export function signDemo(fields: Record<string, string>, order: readonly string[]): string {
  const text = order.map((k) => `${k}=${encodeURIComponent(fields[k] ?? "")}`).join("&");
  return crypto.createHmac("sha256", signingKey()).update(text).digest("hex");
}

export function demoGateway(): PaymentProvider {
  return {
    name: "demo",
    pageOrigins: [],
    methods: ["card", "payfast", "payflex"],
    async start(context: StartContext) {
      const fields: Record<string, string> = {
        reference: context.payment.reference,
        amount: String(context.payment.amountCents),
        method: context.payment.method,
        item: context.payment.description,
        return: context.urls.returnUrl,
        cancel: context.urls.cancelUrl,
        notify: context.urls.notifyUrl,
      };
      const url = new URL(DEMO_GATEWAY_PATH, context.urls.returnUrl);
      for (const key of REQUEST_FIELDS) url.searchParams.set(key, fields[key]!);
      url.searchParams.set("signature", signDemo(fields, REQUEST_FIELDS));
      return { kind: "redirect", url: url.toString() };
    },
    /** The demo gateway keeps no money: the refund is recorded by the shop under this id. */
    async refund(request) {
      return { status: "paid", providerRefundId: `demo_refund_${request.reference}` };
    },
    async lookupRefund(request) {
      return { status: "paid", providerRefundId: `demo_refund_${request.reference}` };
    },
    async readNotification(request) {
      const refuse = (why: NotificationRefusal, text: string) => ({
        outcome: null,
        why,
        reply: () => new Response(text, { status: 400 }),
      });
      const form = await readForm(request);
      const fields: Record<string, string> = {};
      for (const key of NOTIFY_FIELDS) {
        const value = form.get(key);
        fields[key] = typeof value === "string" ? value : "";
      }
      const signature = form.get("signature");
      if (!sameSecret(signDemo(fields, NOTIFY_FIELDS), signature?.toString())) {
        return refuse("bad_signature", "Bad signature");
      }
      const age = Date.now() - Number(fields.timestamp);
      if (!Number.isFinite(age) || age < -60_000 || age > NOTIFY_MAX_AGE_MS) {
        return refuse("stale", "Stale notification");
      }
      const status = fields.status;
      if (status !== "approved" && status !== "declined" && status !== "cancelled") {
        return refuse("malformed", "Unknown status");
      }
      const outcome: PaymentOutcome = {
        provider: "demo",
        reference: fields.reference!,
        providerReference: fields.demo_payment_id || null,
        status,
        amountCents: Number(fields.amount),
        cardBrand: fields.card_brand || null,
        cardLast4: fields.card_last4 || null,
        details: { demo_payment_id: fields.demo_payment_id!, status },
      };
      // The gateway's page reads a 2xx as "the shop has it"; a failure to record is a 500.
      const reply = (result: OutcomeResult | "error") =>
        new Response(result, {
          status: result === "unknown_payment" ? 404 : result === "error" ? 500 : 200,
        });
      return { outcome, reply };
    },
  };
}

/** A payment request as the demo gateway's page receives it, its signature checked. */
export type DemoPaymentRequest = {
  reference: string;
  amountCents: number;
  method: PaymentMethod;
  item: string;
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
};

export function readDemoRequest(params: URLSearchParams): DemoPaymentRequest | null {
  const fields: Record<string, string> = {};
  for (const key of REQUEST_FIELDS) fields[key] = params.get(key) ?? "";
  if (!sameSecret(signDemo(fields, REQUEST_FIELDS), params.get("signature"))) return null;
  const amountCents = Number(fields.amount);
  const method = fields.method as PaymentMethod;
  if (!Number.isInteger(amountCents) || !["card", "payfast", "payflex"].includes(method)) {
    return null;
  }
  return {
    reference: fields.reference!,
    amountCents,
    method,
    item: fields.item!,
    returnUrl: fields.return!,
    cancelUrl: fields.cancel!,
    notifyUrl: fields.notify!,
  };
}

export const CARD_ALERT = {
  title: "Payment Information Required",
  description: "Please fill in all card details.",
} as const;

const cardSchema = z.object({
  cardNumber: z.string().trim().max(19, "A card number has at most 19 characters."),
  expiry: z.string().trim().max(5, "Write the expiry date as MM/YY."),
  cvv: z.string().trim().max(4, "The CVV has 3 or 4 digits."),
  cardName: z.string().trim().max(100, "The name is too long."),
});

export type CardCheck =
  | { ok: true; status: "approved" | "declined"; brand: string; last4: string }
  | {
      ok: false;
      alert: { title: string; description: string };
      fieldErrors: Record<string, string>;
    };

/** Luhn's check digit test, which every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  return "Card";
}

/**
 * Checks the demo page's card fields: all four are needed ("Payment Information Required"),
 * the number must pass Luhn's test and the card must not have expired. The test card
 * 4000 0000 0000 0002 is declined; other valid numbers are approved.
 */
export function checkCard(input: Record<string, unknown>, now = new Date()): CardCheck {
  const parsed = cardSchema.safeParse({
    cardNumber: input.cardNumber ?? "",
    expiry: input.expiry ?? "",
    cvv: input.cvv ?? "",
    cardName: input.cardName ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return {
      ok: false,
      alert: {
        title: "Please check the card details",
        description: Object.values(fieldErrors)[0]!,
      },
      fieldErrors,
    };
  }
  const { cardNumber, expiry, cvv, cardName } = parsed.data;
  const missing = Object.entries({ cardNumber, expiry, cvv, cardName }).filter(([, v]) => !v);
  if (missing.length > 0) {
    return {
      ok: false,
      alert: CARD_ALERT,
      fieldErrors: Object.fromEntries(missing.map(([k]) => [k, "This field is required."])),
    };
  }
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return invalid("cardNumber", "This card number is not valid.");
  }
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12)
    return invalid("expiry", "Write the expiry date as MM/YY.");
  const endOfMonth = new Date(Date.UTC(2000 + Number(match[2]), month, 1));
  if (endOfMonth <= now) return invalid("expiry", "This card has expired.");
  if (!/^\d{3,4}$/.test(cvv)) return invalid("cvv", "The CVV has 3 or 4 digits.");
  return {
    ok: true,
    status: digits === DEMO_DECLINE_CARD ? "declined" : "approved",
    brand: cardBrand(digits),
    last4: digits.slice(-4),
  };
}

function invalid(field: string, message: string): CardCheck {
  return {
    ok: false,
    alert: { title: "Please check the card details", description: message },
    fieldErrors: { [field]: message },
  };
}

type DemoResult = { status: "approved" | "declined" | "cancelled"; brand?: string; last4?: string };

/** The gateway's signed notification of a result, as the shop's notify endpoint receives it. */
export function demoNotification(
  request: Pick<DemoPaymentRequest, "reference" | "amountCents">,
  result: DemoResult,
  now = Date.now(),
): URLSearchParams {
  const fields: Record<string, string> = {
    reference: request.reference,
    status: result.status,
    amount: String(request.amountCents),
    demo_payment_id: `demo_${crypto.randomBytes(8).toString("hex")}`,
    card_brand: result.brand ?? "",
    card_last4: result.last4 ?? "",
    timestamp: String(now),
  };
  const body = new URLSearchParams(fields);
  body.set("signature", signDemo(fields, NOTIFY_FIELDS));
  return body;
}

/**
 * Sends the gateway's signed notification to the shop, as a provider's server would, and
 * answers whether the shop took it.
 */
export async function notifyShop(
  request: DemoPaymentRequest,
  result: DemoResult,
): Promise<boolean> {
  const body = demoNotification(request, result);
  try {
    const response = await fetch(request.notifyUrl, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(15_000),
    });
    return response.ok;
  } catch (error) {
    log.error({ err: error }, "The demo gateway could not reach the shop");
    return false;
  }
}
