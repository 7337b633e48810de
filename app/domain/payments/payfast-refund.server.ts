import { env, type Env } from "~/env.server";
import { md5, phpUrlEncode } from "./payfast-encoding";
import type { RefundAnswer, RefundRequest } from "./provider";

/** PayFast's REST API (refunds); the sandbox is the same host, asked with ?testing=true. */
const API_URL = "https://api.payfast.co.za";

/**
 * The signature of a call to PayFast's REST API: the headers merchant-id, version and timestamp
 * and the body's fields, with the passphrase, sorted by name, URL-encoded and joined with '&',
 * MD5 in lower-case hex.
 */
export function payfastApiSignature(fields: Record<string, string>, passphrase?: string): string {
  const all: Record<string, string> = { ...fields };
  if (passphrase) all.passphrase = passphrase.trim();
  return md5(
    Object.keys(all)
      .sort()
      .map((name) => `${name}=${phpUrlEncode(all[name]!)}`)
      .join("&"),
  );
}

/**
 * POST {api}/refunds/{pf_payment_id}: the amount in cents, the reason, and the buyer told by
 * PayFast. Only PayFast's "success" with a true response is a refund made; a 4xx (other than a
 * timeout or a rate limit) is its refusal; no answer, a 5xx or an answer that says neither is
 * unknown: PayFast may have paid.
 */
export async function refundWithPayfast(
  request: RefundRequest,
  e: Env = env(),
): Promise<RefundAnswer> {
  const pfPaymentId = request.payment.providerReference;
  if (!pfPaymentId) return { status: "refused", why: "PayFast never named this payment." };
  const body = {
    amount: String(request.amountCents),
    reason: request.reason.slice(0, 255),
    notify_buyer: "1",
  };
  const headers = {
    "merchant-id": e.PAYFAST_MERCHANT_ID ?? "",
    version: "v1",
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00"),
  };
  const signature = payfastApiSignature({ ...headers, ...body }, e.PAYFAST_PASSPHRASE);
  const base = (e.PAYFAST_API_URL ?? API_URL).replace(/\/+$/, "");
  const testing = e.PAYFAST_MODE === "sandbox" ? "?testing=true" : "";
  let response: Response;
  try {
    response = await fetch(`${base}/refunds/${encodeURIComponent(pfPaymentId)}${testing}`, {
      method: "POST",
      headers: {
        ...headers,
        signature,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(body).toString(),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    return { status: "unknown", why: `PayFast did not answer: ${(error as Error).message}.` };
  }
  const answer = (await response.json().catch(() => null)) as {
    status?: unknown;
    data?: { response?: unknown; message?: unknown; refund_id?: unknown };
  } | null;
  const message = typeof answer?.data?.message === "string" ? `: ${answer.data.message}` : "";
  if (response.ok && answer?.status === "success" && answer.data?.response === true) {
    const id = answer.data.refund_id;
    return {
      status: "paid",
      providerRefundId:
        typeof id === "string" || typeof id === "number" ? String(id) : request.reference,
    };
  }
  const s = response.status;
  if (s >= 400 && s <= 499 && s !== 408 && s !== 429) {
    return { status: "refused", why: `PayFast refused the refund (HTTP ${s})${message}.` };
  }
  return { status: "unknown", why: `PayFast answered HTTP ${s}${message}.` };
}

/**
 * PayFast's API has no look-up of one refund by our reference, and asking it again could pay
 * twice: a refund it left unanswered stays held until staff check PayFast's records and record
 * what they found.
 */
export async function lookUpPayfastRefund(): Promise<RefundAnswer> {
  return {
    status: "unknown",
    why: "PayFast cannot be asked about one refund: check its records, then record whether it paid.",
  };
}
