import dns from "node:dns/promises";
import net from "node:net";
import { sameSecret } from "~/domain/security/same-secret.server";
import { env, type Env } from "~/env.server";
import { md5, phpUrlEncode } from "./payfast-encoding";
import { lookUpPayfastRefund, refundWithPayfast } from "./payfast-refund.server";
import type {
  NotificationRefusal,
  NotificationResult,
  PaymentLookup,
  PaymentOutcome,
  PaymentProvider,
  StartContext,
} from "./provider";
import { log } from "~/lib/log.server";

/**
 * PayFast (https://developers.payfast.co.za/docs): card (`payment_method=cc`) and instant EFT
 * (`eft`) on PayFast's own page. The shopper's browser posts a signed form to PayFast; PayFast
 * tells the shop the result with an ITN (Instant Transaction Notification) posted to
 * /api/payments/payfast/notify, which is believed only after every check in `readPayfastItn`.
 */

const PROCESS_URLS = {
  sandbox: "https://sandbox.payfast.co.za/eng/process",
  live: "https://www.payfast.co.za/eng/process",
} as const;
const VALIDATE_URLS = {
  sandbox: "https://sandbox.payfast.co.za/eng/query/validate",
  live: "https://www.payfast.co.za/eng/query/validate",
} as const;

/** The hosts PayFast's ITN comes from, as its documentation and PHP SDK list them. */
export const PAYFAST_DEFAULT_SOURCES = [
  "www.payfast.co.za",
  "sandbox.payfast.co.za",
  "w1w.payfast.co.za",
  "w2w.payfast.co.za",
];

/**
 * The checkout form's fields in the order PayFast's documentation lists them ("Create your
 * checkout form"); the signature is computed over the non-empty ones in exactly this order.
 */
export const PAYFAST_FIELD_ORDER = [
  // Merchant details
  "merchant_id",
  "merchant_key",
  "return_url",
  "cancel_url",
  "notify_url",
  // Customer details
  "name_first",
  "name_last",
  "email_address",
  "cell_number",
  // Transaction details
  "m_payment_id",
  "amount",
  "item_name",
  "item_description",
  "custom_int1",
  "custom_int2",
  "custom_int3",
  "custom_int4",
  "custom_int5",
  "custom_str1",
  "custom_str2",
  "custom_str3",
  "custom_str4",
  "custom_str5",
  // Transaction options
  "email_confirmation",
  "confirmation_address",
  // Payment methods
  "payment_method",
  // Recurring billing
  "subscription_type",
  "billing_date",
  "recurring_amount",
  "frequency",
  "cycles",
] as const;

export type PayfastField = (typeof PAYFAST_FIELD_ORDER)[number];

/**
 * The signature of a checkout form: its non-empty fields in the order given, values trimmed and
 * URL-encoded, joined with '&', the passphrase appended when there is one, MD5 in lower-case hex.
 */
export function payfastFormSignature(
  fields: readonly (readonly [string, string])[],
  passphrase?: string,
): string {
  const pairs = fields
    .filter(([name, value]) => name !== "signature" && value.trim() !== "")
    .map(([name, value]) => `${name}=${phpUrlEncode(value.trim())}`);
  if (passphrase) pairs.push(`passphrase=${phpUrlEncode(passphrase.trim())}`);
  return md5(pairs.join("&"));
}

/**
 * An ITN's parameter string: every field PayFast posted except `signature`, in the order received,
 * empty ones included (as PayFast's own ITN code builds it). This is also what the validate call
 * posts back.
 */
export function itnParamString(fields: readonly (readonly [string, string])[]): string {
  return fields
    .filter(([name]) => name !== "signature")
    .map(([name, value]) => `${name}=${phpUrlEncode(value)}`)
    .join("&");
}

/** The signature PayFast puts on an ITN with these fields. */
export function payfastItnSignature(
  fields: readonly (readonly [string, string])[],
  passphrase?: string,
): string {
  const text = itnParamString(fields);
  return md5(passphrase ? `${text}&passphrase=${phpUrlEncode(passphrase)}` : text);
}

/** Cents as PayFast writes Rand: "1234.50". */
export function randAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "1234.5" or "1234.50" -> 123450; anything else (negative, three decimals, text) -> null. */
export function parseRandAmount(text: string | undefined | null): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec((text ?? "").trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A South African cell number as PayFast takes it (0821234567), or "" when it is not one. */
export function payfastCellNumber(phone: string): string {
  let digits = phone.replace(/[\s()-]/g, "");
  if (digits.startsWith("+27")) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith("27") && digits.length === 11) digits = `0${digits.slice(2)}`;
  return /^0[6-8]\d{8}$/.test(digits) ? digits : "";
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The checkout form's fields, in PayFast's order, empty ones left out. */
export function payfastCheckoutFields(
  context: StartContext,
  e: Pick<Env, "PAYFAST_MERCHANT_ID" | "PAYFAST_MERCHANT_KEY">,
): [PayfastField, string][] {
  const { order, payment, urls } = context;
  const description = order.lines.map((l) => `${l.quantity} x ${l.title} (${l.size})`).join(", ");
  const values: Partial<Record<PayfastField, string>> = {
    merchant_id: e.PAYFAST_MERCHANT_ID,
    merchant_key: e.PAYFAST_MERCHANT_KEY,
    return_url: urls.returnUrl,
    cancel_url: urls.cancelUrl,
    notify_url: urls.notifyUrl,
    name_first: clip(order.firstName.trim(), 100),
    name_last: clip(order.lastName.trim(), 100),
    email_address: clip(order.email.trim(), 100),
    cell_number: payfastCellNumber(order.phone),
    m_payment_id: payment.reference,
    amount: randAmount(payment.amountCents),
    item_name: clip(payment.description, 100),
    item_description: clip(description, 255),
    payment_method: payment.method === "card" ? "cc" : "eft",
  };
  const fields: [PayfastField, string][] = [];
  for (const name of PAYFAST_FIELD_ORDER) {
    const value = values[name]?.trim();
    if (value) fields.push([name, value]);
  }
  return fields;
}

/** What became of an ITN: the shop's result for its outcome, or why it was not believed. */
export type ItnResult = NotificationResult;

/** Whether `address` is one of the sources (IPs, CIDR ranges or host names resolved now). */
export async function isAllowedSource(
  address: string,
  sources: readonly string[],
): Promise<boolean> {
  const client = normaliseAddress(address);
  if (!net.isIP(client)) return false;
  const allowed = new net.BlockList();
  for (const entry of sources) {
    const source = entry.trim();
    if (!source) continue;
    const [ip, prefix] = source.split("/");
    if (prefix !== undefined && ip && net.isIP(ip)) {
      allowed.addSubnet(ip, Number(prefix), net.isIP(ip) === 6 ? "ipv6" : "ipv4");
    } else if (net.isIP(source)) {
      allowed.addAddress(source, net.isIP(source) === 6 ? "ipv6" : "ipv4");
    } else {
      const found = await dns.lookup(source, { all: true }).catch(() => []);
      for (const a of found) allowed.addAddress(a.address, a.family === 6 ? "ipv6" : "ipv4");
    }
  }
  return allowed.check(client, net.isIP(client) === 6 ? "ipv6" : "ipv4");
}

/** "::ffff:1.2.3.4" (IPv4 seen through an IPv6 socket) -> "1.2.3.4". */
function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/** Asks PayFast whether it sent this ITN: the parameter string posted back must answer "VALID". */
async function confirmWithPayfast(paramString: string, e: Env): Promise<boolean> {
  const url = e.PAYFAST_VALIDATE_URL ?? VALIDATE_URLS[e.PAYFAST_MODE];
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: paramString,
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.text()).trim();
    return response.ok && answer === "VALID";
  } catch (error) {
    log.error({ err: error }, "PayFast's validate call failed");
    return false;
  }
}

/** ITN fields kept on the payment row (never the merchant id, key, passphrase or signature). */
const KEPT_FIELDS = ["pf_payment_id", "payment_status", "amount_gross", "amount_fee", "amount_net"];

/**
 * Checks an ITN and, when every check passes, reads its outcome: the signature (with the
 * passphrase), the merchant id, the source address, a status we act on, a payment of ours and
 * PayFast's own confirmation ("VALID" from its validate call). It changes nothing: the shop
 * records the outcome, checks its amount against the payment's and ignores a repeated
 * pf_payment_id (recordPaymentOutcome).
 */
export async function readPayfastItn(
  body: string,
  clientAddress: string,
  payments: PaymentLookup,
  e: Env = env(),
): Promise<{ outcome: PaymentOutcome } | { outcome: null; why: NotificationRefusal }> {
  const fields = [...new URLSearchParams(body)];
  const get = (name: string) => fields.find(([k]) => k === name)?.[1];
  const reference = get("m_payment_id");
  const pfPaymentId = get("pf_payment_id");
  const status = get("payment_status");
  const amountCents = parseRandAmount(get("amount_gross"));
  const refuse = (why: NotificationRefusal, detail = "") => {
    const where = `reference ${reference ?? "-"}, pf_payment_id ${pfPaymentId ?? "-"}, from ${clientAddress}`;
    log.warn(`PayFast ITN ${why} (${where})${detail ? `: ${detail}` : ""}`);
    return { outcome: null, why };
  };

  if (!reference || !pfPaymentId || !status || amountCents === null || !get("signature")) {
    return refuse("malformed");
  }
  const expected = payfastItnSignature(fields, e.PAYFAST_PASSPHRASE);
  if (!sameSecret(expected, get("signature")?.toLowerCase())) return refuse("bad_signature");
  if (e.PAYFAST_MERCHANT_ID && get("merchant_id") !== e.PAYFAST_MERCHANT_ID) {
    return refuse("wrong_merchant");
  }
  const sources = e.PAYFAST_VALID_SOURCES?.split(",") ?? PAYFAST_DEFAULT_SOURCES;
  if (!(await isAllowedSource(clientAddress, sources))) return refuse("bad_source");

  const outcomeStatus =
    status === "COMPLETE" ? "approved" : status === "CANCELLED" ? "cancelled" : null;
  if (!outcomeStatus) return refuse("ignored_status", `payment_status ${status}`);

  const payment = await payments({ reference });
  if (!payment || payment.provider !== "payfast") return refuse("unknown_payment");

  if (!(await confirmWithPayfast(itnParamString(fields), e))) return refuse("not_validated");

  return {
    outcome: {
      provider: "payfast",
      reference,
      providerReference: pfPaymentId,
      status: outcomeStatus,
      amountCents,
      details: Object.fromEntries(
        KEPT_FIELDS.flatMap((k) => (get(k) !== undefined ? [[k, get(k)!]] : [])),
      ),
    },
  };
}

/** PayFast is answered 200 whatever became of its ITN: anything else makes it send it again. */
const payfastOk = () => new Response("OK", { status: 200 });

/** PayFast, when its merchant id and key are configured; otherwise null. */
export function payfastProvider(e: Env = env()): PaymentProvider | null {
  if (!e.PAYFAST_MERCHANT_ID || !e.PAYFAST_MERCHANT_KEY) return null;
  return {
    name: "payfast",
    pageOrigins: [new URL(PROCESS_URLS[e.PAYFAST_MODE]).origin],
    methods: ["card", "payfast"],
    async start(context) {
      const fields = payfastCheckoutFields(context, e);
      const signature = payfastFormSignature(fields, e.PAYFAST_PASSPHRASE);
      return {
        kind: "form",
        action: PROCESS_URLS[e.PAYFAST_MODE],
        fields: [...fields, ["signature", signature]],
      };
    },
    refund(request) {
      return refundWithPayfast(request, e);
    },
    lookupRefund() {
      return lookUpPayfastRefund();
    },
    // PayFast wants its 200 at once; the checks (including a call back to PayFast) follow.
    acknowledge: payfastOk,
    async readNotification(request, clientAddress, payments) {
      const body = await request.text().catch(() => "");
      const reading = await readPayfastItn(body, clientAddress, payments, e);
      return reading.outcome
        ? { outcome: reading.outcome, reply: payfastOk }
        : { outcome: null, why: reading.why, reply: payfastOk };
    },
  };
}
