export type PaymentProviderName = "demo" | "payfast" | "payflex";

/** How the shopper pays at checkout; each provider takes some of them. */
export type PaymentMethod = "card" | "payfast" | "payflex";

/** How staff read each provider's name in a sentence ("paid back through PayFast"). */
export const PROVIDER_NAMES: Record<PaymentProviderName, string> = {
  demo: "the demo gateway",
  payfast: "PayFast",
  payflex: "PayFlex",
};

/** How the shopper's browser gets to the provider's page. */
export type PaymentStart = (
  | { kind: "redirect"; url: string }
  /** A form posted by the browser (PayFast's signed form). */
  | { kind: "form"; action: string; fields: [name: string, value: string][] }
) & {
  /**
   * The provider's own id for the payment when it issues one at the start (PayFlex's orderId),
   * with details worth keeping (never a secret): the shop keeps them on the payment.
   */
  opened?: { providerReference: string; details: Record<string, string> };
};

export type StartContext = {
  order: {
    number: number;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    /** Complex or estate and unit, and suburb; "" when not given. */
    complex?: string;
    suburb?: string;
    city: string;
    postalCode: string;
    totalCents: number;
    vatCents: number;
    /** Delivery and its add-ons (docs/decisions/046), as a provider's shipping amount. */
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
    /** What the provider said when this payment was started before (the payment page
     * reloaded): its id for the payment and the details kept, e.g. PayFlex's open page. */
    providerReference: string | null;
    details: Record<string, string>;
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

/** What the shop made of an outcome it was handed (recordPaymentOutcome's result). */
export type OutcomeResult =
  | "paid"
  | "declined"
  | "cancelled"
  /** Already settled, or the provider's id was seen before: nothing changed. */
  | "duplicate"
  | "unknown_payment"
  | "amount_mismatch"
  /** Money arrived for an order that had expired or been cancelled: staff must act. */
  | "order_closed";

/** Why an adapter read no outcome from a notification; nothing changes. */
export type NotificationRefusal =
  | "malformed"
  | "bad_signature"
  | "wrong_merchant"
  | "bad_source"
  | "stale"
  | "ignored_status"
  | "unknown_payment"
  | "not_validated"
  /** A notification that names no payment. */
  | "no_reference"
  /** The payment named is settled already. */
  | "duplicate"
  /** The provider has not decided yet: ask again later. */
  | "pending"
  /** The provider could not be asked. */
  | "error";

/**
 * What became of a notification: the shop's result for its outcome, why the adapter read none,
 * or "error" when recording it failed.
 */
export type NotificationResult = OutcomeResult | NotificationRefusal;

/**
 * What an adapter read from a notification. It has changed nothing: the route hands `outcome`
 * to the shop (applyPaymentOutcome), then answers the provider with `reply(result)`.
 */
export type NotificationReading =
  | { outcome: PaymentOutcome; reply(result: OutcomeResult | "error"): Response }
  | { outcome: null; why: NotificationRefusal; reply(): Response };

/** A payment of the shop as an adapter sees it, to check a notification against. */
export type NotifiedPayment = {
  reference: string;
  provider: PaymentProviderName;
  providerReference: string | null;
  amountCents: number;
  status: "pending" | "approved" | "declined" | "cancelled" | "refunded";
};

/**
 * Finds the payment a notification names, by our reference or by the provider's own id for it
 * (the adapter's own provider only); null when the shop has none.
 */
export type PaymentLookup = (
  by: { reference: string } | { providerReference: string },
) => Promise<NotifiedPayment | null>;

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
 * One payment provider's adapter: it starts a payment (sends the shopper to its page), reads its
 * notifications into plain outcomes, pays back and looks up a refund. It imports no business
 * area and changes nothing in the shop: the orders area records what it answers
 * (`recordPaymentOutcome`, the one place an order is marked paid).
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
   * Checks a server-to-server notification posted to /api/payments/{name}/notify (signature,
   * source, what the provider itself says) and reads it into an outcome. `clientAddress` is the
   * connecting address (for source checks); `payments` finds the payment it names.
   */
  readNotification(
    request: Request,
    clientAddress: string,
    payments: PaymentLookup,
  ): Promise<NotificationReading>;
  /**
   * For a provider that wants its answer before its notification is checked (PayFast retries
   * until it gets a 200, and its checks include a call back to it): the answer sent at once;
   * the notification is then read and its outcome recorded after it has gone.
   */
  acknowledge?(): Response;
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
