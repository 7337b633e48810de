import type { PaymentMethod } from "~/domain/orders/totals";

export type PaymentProviderName = "demo" | "payfast" | "payflex";

/** How staff read each provider's name in a sentence ("paid back through PayFast"). */
export const PROVIDER_NAMES: Record<PaymentProviderName, string> = {
  demo: "the demo gateway",
  payfast: "PayFast",
  payflex: "PayFlex",
};

/** How the shopper's browser gets to the provider's page. */
export type PaymentStart =
  | { kind: "redirect"; url: string }
  /** A form posted by the browser (PayFast's signed form). */
  | { kind: "form"; action: string; fields: [name: string, value: string][] };

export type StartContext = {
  order: {
    number: number;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    postalCode: string;
    totalCents: number;
    vatCents: number;
    deliveryCents: number;
    lines: { title: string; size: string; sku: string; quantity: number; unitPriceCents: number }[];
  };
  payment: {
    reference: string;
    method: PaymentMethod;
    amountCents: number;
    /** What the shopper is paying for, as the provider's page names it: "Order 1021", or
     * "Order 1021: Lay-by instalment 2" for a lay-by's payment. */
    description: string;
  };
  /** Absolute addresses of the shop: where the shopper comes back to, where notifications go. */
  urls: { returnUrl: string; cancelUrl: string; notifyUrl: string };
};

/** What a provider says became of a payment. */
export type PaymentOutcome = {
  provider: PaymentProviderName;
  /** Our reference (the payment row's `reference`). */
  reference: string;
  /** The provider's own id for the payment; a repeat of it changes nothing. */
  providerReference: string | null;
  status: "approved" | "declined" | "cancelled";
  /** What the provider says was paid, in cents; must equal what we asked for. */
  amountCents: number;
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** The notification's fields worth keeping (never a card number or CVV). */
  details?: Record<string, string>;
};

/** What a refund through a provider asks for: part or all of one approved payment. */
export type RefundRequest = {
  /** The approved payment: our reference and the provider's own id for it. */
  payment: { reference: string; providerReference: string | null; amountCents: number };
  amountCents: number;
  reason: string;
  /** Our reference for this refund, which the provider keeps with it. */
  reference: string;
};

/**
 * What a provider answered to a refund: paid (its id for the refund), refused (a definite no,
 * shown to staff as it is), or unknown (a timeout, a network error, a 5xx or an answer that
 * cannot be read: it may have paid, so the amount stays held until it is asked again).
 */
export type RefundAnswer =
  | { status: "paid"; providerRefundId: string }
  | { status: "refused"; why: string }
  | { status: "unknown"; why: string };

/**
 * One payment provider: it starts a payment (sends the shopper to its page) and handles its
 * notifications. Verified outcomes go to `recordPaymentOutcome`, the one place an order is
 * marked paid.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The checkout's payment methods this provider takes. */
  readonly methods: readonly PaymentMethod[];
  /**
   * Origins of the provider's own pages that the shopper's browser is sent to by a form post or
   * a redirect after one; the pages' Content-Security-Policy (form-action) allows them.
   */
  readonly pageOrigins: readonly string[];
  start(context: StartContext): Promise<PaymentStart>;
  /**
   * Handles a server-to-server notification posted to /api/payments/{name}/notify and answers
   * the provider. `clientAddress` is the connecting address (for source checks).
   */
  handleNotification(request: Request, clientAddress: string): Promise<Response>;
  /** Asks the provider what became of a pending payment, where it can be asked (PayFlex). */
  fetchOutcome?(payment: {
    reference: string;
    providerReference: string | null;
    amountCents: number;
  }): Promise<PaymentOutcome | null>;
  /**
   * Pays back part or all of an approved payment. Never throws for the provider's sake: a
   * refusal and an unknown outcome are answers. Every provider of the shop has one.
   */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /**
   * Asks again what became of a refund whose answer was unknown, without paying twice: a
   * provider that keys refunds by our reference repeats the same request; another looks it up.
   */
  lookupRefund(request: RefundRequest): Promise<RefundAnswer>;
}
