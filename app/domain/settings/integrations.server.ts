import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError } from "~/domain/errors";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import { payfastApiSignature } from "~/domain/payments/payfast-refund.server";
import { checkPayflexCredentials, PayflexError } from "~/domain/payments/payflex.server";
import {
  isDemoPayments,
  paymentEnv,
  providerSetByEnvironment,
} from "~/domain/payments/providers.server";
import { env, type Env } from "~/env.server";
import { log } from "~/lib/log.server";

type Mode = "sandbox" | "live";
export type ProviderStatus = { configured: boolean; mode: Mode; setByEnvironment: boolean };

/**
 * What the Integrations tab shows of the environment: whether each service is set up and in
 * which mode, never a secret or an address that could carry one.
 */
export function integrationStatus(environment: Env = env()) {
  // What the providers use: the environment, or the owner's saved set-up where it sets none.
  const e = paymentEnv(environment);
  const byEnv = providerSetByEnvironment(environment);
  return {
    mail: e.SMTP_URL ? ("smtp" as const) : ("outbox" as const),
    payfast: {
      configured: Boolean(e.PAYFAST_MERCHANT_ID && e.PAYFAST_MERCHANT_KEY),
      mode: e.PAYFAST_MODE,
      setByEnvironment: byEnv.payfast,
    } satisfies ProviderStatus,
    payflex: {
      configured: Boolean(e.PAYFLEX_CLIENT_ID && e.PAYFLEX_CLIENT_SECRET),
      mode: e.PAYFLEX_MODE,
      setByEnvironment: byEnv.payflex,
    } satisfies ProviderStatus,
    demoPayments: isDemoPayments(e),
  };
}
export type IntegrationStatus = ReturnType<typeof integrationStatus>;

type Actor = Pick<SessionUser, "id" | "email" | "role">;

function ownerOnly(actor: Actor) {
  if (actor.role !== "owner") {
    throw new DomainError("forbidden", "Only the shop's owner can use the shop's integrations.");
  }
}

/**
 * Sends a test e-mail to the signed-in owner through the shop's mail layer (SMTP, or the
 * outbox folder when no SMTP server is set), and notes it in the audit log once sent.
 */
export async function sendTestEmail(options: { actor: Actor }): Promise<{ to: string }> {
  const { actor } = options;
  ownerOnly(actor);
  const transport = env().SMTP_URL ? "smtp" : "outbox";
  try {
    await sendShopMail((settings) => ({
      to: actor.email,
      subject: `Test e-mail from ${settings.storeName}`,
      text: [
        "This is a test e-mail from your shop's settings (Integrations).",
        transport === "smtp"
          ? "It was sent through the shop's SMTP server: e-mail to customers and staff works."
          : "No SMTP server is set up: this e-mail was written to the outbox folder only.",
      ].join("\n\n"),
    }));
  } catch (error) {
    log.error({ err: error }, "The test e-mail could not be sent");
    throw new DomainError(
      "unavailable",
      "The test e-mail could not be sent: check the mail server's address and login.",
      { title: "E-mail Not Sent" },
    );
  }
  await recordAudit({
    action: "test_email_sent",
    actorId: actor.id,
    actorEmail: actor.email,
    subject: "settings:integrations",
    details: { to: actor.email, transport },
  });
  return { to: actor.email };
}

export type PaymentCheckProvider = "payfast" | "payflex";

/** PayFast's REST API; its sandbox is the same host, asked with ?testing=true. */
const PAYFAST_API = "https://api.payfast.co.za";

/**
 * A real request to the provider with the shop's credentials: PayFast's signed /ping, or a
 * PayFlex token. Resolves with what to tell the owner; throws DomainError when the provider is
 * not set up, cannot be reached or refuses the credentials.
 */
export async function checkPaymentConnection(options: {
  actor: Actor;
  provider: PaymentCheckProvider;
  e?: Env;
}): Promise<{ message: string }> {
  ownerOnly(options.actor);
  const environment = options.e ?? env();
  const status = integrationStatus(environment)[options.provider];
  const e = paymentEnv(environment);
  const name = options.provider === "payfast" ? "PayFast" : "PayFlex";
  // A lasting state of the shop, not an outage: 409, so monitoring that pages on 5xx stays quiet.
  if (!status.configured) {
    throw new DomainError("conflict", `${name} is not configured.`, {
      title: "Not Configured",
    });
  }
  try {
    if (options.provider === "payfast") await pingPayfast(e);
    else await checkPayflexCredentials(e);
  } catch (error) {
    log.warn({ err: error, provider: options.provider }, "Payment connection check failed");
    const refused = error instanceof ProviderRefused || error instanceof PayflexError;
    throw new DomainError(
      "unavailable",
      refused
        ? `${name} refused the shop's credentials (${status.mode}).`
        : `${name} could not be reached (${status.mode}).`,
      { title: "Connection Failed" },
    );
  }
  return { message: `${name} accepted the shop's credentials (${status.mode}).` };
}

class ProviderRefused extends Error {}

async function pingPayfast(e: Env): Promise<void> {
  const headers = {
    "merchant-id": e.PAYFAST_MERCHANT_ID ?? "",
    version: "v1",
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00"),
  };
  const signature = payfastApiSignature(headers, e.PAYFAST_PASSPHRASE);
  const base = (e.PAYFAST_API_URL ?? PAYFAST_API).replace(/\/+$/, "");
  const testing = e.PAYFAST_MODE === "sandbox" ? "?testing=true" : "";
  const response = await fetch(`${base}/ping${testing}`, {
    headers: { ...headers, signature, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new ProviderRefused(`PayFast answered HTTP ${response.status}`);
}
