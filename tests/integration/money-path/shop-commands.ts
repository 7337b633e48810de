import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { db } from "~/db/client.server";
import {
  creditNotes,
  deliveryBookings,
  deliveryRunStops,
  deliveryZones,
  invoices,
  orders,
  payments,
  promotionProducts,
  refundParts,
  refunds,
  variants,
} from "~/db/schema";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { giveDeliveryQuote } from "~/domain/delivery/give-delivery-quote.server";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { deliveryDayChoices } from "~/domain/delivery/shopper-delivery.server";
import { startDeliveryRun } from "~/domain/delivery/start-delivery-run.server";
import { DomainError } from "~/domain/errors";
import { creditManualInvoice } from "~/domain/invoicing/credit-manual-invoice.server";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import { recordCreditNotePaidBack } from "~/domain/invoicing/record-paid-back.server";
import { recheckRefunds, recordRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import { refundedSoFar } from "~/domain/invoicing/refunded-so-far.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { nextUnpaidInstalment } from "~/domain/layby/pay-instalment.server";
import { laybyPlanView } from "~/domain/layby/plan-view.server";
import { recordShowroomPayment } from "~/domain/layby/record-showroom-payment.server";
import { cancelOrder, markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { issuedManualInvoice } from "../invoicing/invoice-fixtures";
import { laybyOrder, orderRow, type PaidBy } from "../layby/staff-plan-fixtures";
import { addPromotion, addVariant, checkout, type setUpShop } from "../orders/fixtures";
import { checkInvariants } from "./invariants";

/** The codes a run's shop has (setUpPromotions): each rule a shopper can meet. */
export const CODES = ["PCT10", "FIXED250", "MIN3000", "ONCE15", "BED10"] as const;
export type Code = (typeof CODES)[number] | "";

/** The shop's online provider: the demo gateway, PayFlex or PayFast (our stand-ins). */
export type Online = "demo" | "payflex" | "payfast";

/** How the stand-ins for PayFlex and PayFast answer a refund: paid, refused (4xx), timed out (408), 5xx. */
export type ProviderMode = "approve" | "refuse" | "timeout" | "error";

export type Actor = { id: string; email: string; name: string };

/** What the shop under test is: the real database, plus the run's bed and the provider's mood. */
export type Shop = {
  base: Awaited<ReturnType<typeof setUpShop>>;
  actor: Actor;
  /** The checkouts' shopper's account (ONCE15 is for signed-in shoppers only). */
  shopperId: string;
  variantId: number;
  sku: string;
  /** A pillow, another product: BED10 discounts the bed on an order with it, not the pillow. */
  pillowId: number;
  /** The shop's online provider: the demo gateway, PayFlex or PayFast (then the demo is off). */
  online: Online;
  provider: { mode: ProviderMode };
  /** Whether the refund job has run since a refund was last asked of a provider. */
  settled: boolean;
};

/** Only what picking a valid next command needs; the truth is read from the database. */
export type Model = {
  orders: {
    id: number;
    layby: boolean;
    paid: boolean;
    cancelled: boolean;
    /** Placed to an address outside every zone: payable once staff quote its delivery. */
    awaitingQuote: boolean;
  }[];
  invoices: { id: number; paid: boolean }[];
  /** How many refunds were asked for: the job and staff's records have something to find. */
  refundsAsked: number;
};

type Command = fc.AsyncCommand<Model, Shop>;

/**
 * What each kind of command tried and what went through, over every run (issue 50): a shop
 * that refuses everything it is asked must not pass. `refused` counts each reason given.
 */
export const tally: Record<
  string,
  { tried: number; done: number; refused: Record<string, number> }
> = {};

const count = (kind: string) => (tally[kind] ??= { tried: 0, done: 0, refused: {} });

/** The kinds of command tried at least `least` times of which none went through. */
export function neverWentThrough(least: number, of: typeof tally = tally) {
  return Object.entries(of)
    .filter(([, t]) => t.tried >= least && t.done === 0)
    .map(([kind, t]) => ({ kind, ...t }));
}

/**
 * Runs one command's step as `kind`: it went through when the step answers true (or nothing);
 * a refusal the shop gives (a DomainError) is a valid answer only for one of the `reasons` the
 * command can be refused for, and counted by its reason; any other refusal fails the run.
 */
async function attempt(
  kind: string,
  reasons: readonly RegExp[],
  step: () => Promise<boolean | void>,
) {
  const t = count(kind);
  t.tried += 1;
  try {
    if ((await step()) !== false) t.done += 1;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const known = reasons.find((r) => r.test(error.message));
    if (!known) {
      const message = `${kind} refused for an unexpected reason: ${error.message}`;
      throw new Error(message, { cause: error });
    }
    t.refused[known.source] = (t.refused[known.source] ?? 0) + 1;
  }
}

/** Why a refund can be refused: each a reason the shop gives staff, never a crash. */
const REFUND_REFUSALS = [
  /refunded in full already/,
  /refused the refund .*Nothing was refunded and no credit note issued/,
  /At most R[\d,.]+ can still be refunded/,
  /Only \d+ of this line can still be refunded/,
  /This line has been refunded already/,
  /has not been paid: there is nothing to refund/,
  /is not set up now: pay the money back by EFT/,
  /can pay back at most R[\d,.]+ now: pay the rest back by EFT/,
  /not paid through a payment provider: pay the money back by EFT/,
  /was paid at the showroom: pay it back by EFT or cash/,
];

const refundInput = (over: Partial<RefundInput>): RefundInput => ({
  lines: [],
  amountCents: null,
  reason: "Returned within 7 days",
  method: "provider",
  eftReference: "",
  restock: false,
  ...over,
});

/** Runs a step, then checks every invariant against the database. */
abstract class ShopCommand implements Command {
  abstract check(m: Readonly<Model>): boolean;
  abstract step(m: Model, s: Shop): Promise<void>;
  abstract toString(): string;
  async run(m: Model, s: Shop) {
    await this.step(m, s);
    await checkInvariants({ settled: s.settled });
  }
}

/** An address outside every delivery zone: checkout places it, staff quote its delivery. */
const FAR_AWAY = { city: "Cape Town", postal: "8001", province: "WC" } as const;

class Checkout extends ShopCommand {
  constructor(
    readonly quantity: number,
    readonly code: Code,
    readonly addOns: { removal: boolean; assembly: boolean },
    readonly quoted: boolean,
  ) {
    super();
  }
  check = () => true;
  async step(m: Model, s: Shop) {
    // Counted by the path it tries first: its code, a quoted delivery, add-ons, or none.
    const kind = this.code
      ? `checkout with ${this.code}`
      : this.quoted
        ? "checkout to be quoted"
        : this.addOns.removal || this.addOns.assembly
          ? "checkout with add-ons"
          : "checkout";
    const pillow = this.code === "BED10" ? [{ variantId: s.pillowId, quantity: 1 }] : [];
    await attempt(
      kind,
      [
        /bought the last of an item just now/,
        /out of stock|only \d+ (left|available)/i,
        /needs a spend of R[\d,.]+ on goods/,
        /You have already used ONCE15 \(one use per customer\)/,
      ],
      async () => {
        const { order } = await placeOrder(
          checkout([{ variantId: s.variantId, quantity: this.quantity }, ...pillow], {
            promoCode: this.code,
            addOns: this.addOns,
            ...(this.quoted ? FAR_AWAY : {}),
            // One use per customer is an account's: that checkout is signed in.
            ...(this.code === "ONCE15" ? { signedInUserId: s.shopperId } : {}),
          }),
        );
        m.orders.push({
          id: order.id,
          layby: false,
          paid: false,
          cancelled: false,
          awaitingQuote: order.paymentStatus === "awaiting_quote",
        });
      },
    );
  }
  toString = () =>
    `checkout(${this.quantity}${this.code ? `, ${this.code}` : ""}${this.addOns.removal ? ", removal" : ""}${this.addOns.assembly ? ", assembly" : ""}${this.quoted ? ", quoted" : ""})`;
}

/** Staff quote the delivery of an order placed outside every zone (docs/decisions/041). */
class QuoteDelivery extends ShopCommand {
  constructor(
    readonly pick: number,
    readonly carrier: "own_truck" | "courier",
    readonly amountCents: number,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.awaitingQuote && !o.cancelled);
  async step(m: Model, s: Shop) {
    const open = m.orders.filter((o) => o.awaitingQuote && !o.cancelled);
    const order = open[this.pick % open.length]!;
    const { number } = await orderRow(order.id);
    await attempt("quote a delivery", [], async () => {
      await giveDeliveryQuote({
        orderNumber: number,
        input: { carrier: this.carrier, amount: this.amountCents, note: "" },
        actor: { ...s.actor, role: "staff" },
      });
      order.awaitingQuote = false;
    });
  }
  toString = () => `quote(#${this.pick}, ${this.carrier}, ${this.amountCents})`;
}

/** The payment method and provider a shop paying online through `online` takes. */
const ONLINE_METHOD = { demo: "card", payflex: "payflex", payfast: "card" } as const;

class PayOnline extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) =>
    m.orders.some((o) => !o.layby && !o.paid && !o.cancelled && !o.awaitingQuote);
  async step(m: Model, s: Shop) {
    const open = m.orders.filter((o) => !o.layby && !o.paid && !o.cancelled && !o.awaitingQuote);
    const order = open[this.pick % open.length]!;
    const row = await orderRow(order.id);
    const payment = await createPaymentAttempt(row, ONLINE_METHOD[s.online], s.online);
    const recorded = await recordPaymentOutcome({
      provider: s.online,
      reference: payment.reference,
      providerReference: `${s.online}-${crypto.randomBytes(6).toString("hex")}`,
      status: "approved",
      amountCents: payment.amountCents,
    });
    if (recorded.result === "paid") order.paid = true;
    count(`pay online through ${s.online}`).tried += 1;
    if (recorded.result === "paid") count(`pay online through ${s.online}`).done += 1;
  }
  toString = () => `pay(order #${this.pick})`;
}

class Layby extends ShopCommand {
  constructor(readonly paid: PaidBy[]) {
    super();
  }
  check = () => true;
  async step(m: Model, s: Shop) {
    const { order, bed } = await laybyOrder(s.base, {
      priceCents: 180_000,
      months: 2,
      // The fixture pays online through the demo gateway, which is off when PayFlex is on.
      paid: s.online === "demo" ? this.paid : this.paid.map(() => "showroom" as const),
    });
    await recordOpeningStock(bed.variantId);
    m.orders.push({
      id: order.id,
      layby: true,
      paid: this.paid.length >= 3,
      cancelled: false,
      awaitingQuote: false,
    });
  }
  toString = () => `layby(paid: ${this.paid.join("+") || "none"})`;
}

class PayInstalment extends ShopCommand {
  constructor(
    readonly pick: number,
    readonly how: PaidBy,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.layby && !o.paid && !o.cancelled);
  async step(m: Model, s: Shop) {
    const open = m.orders.filter((o) => o.layby && !o.paid && !o.cancelled);
    const order = open[this.pick % open.length]!;
    const next = await nextUnpaidInstalment(order.id);
    if (!next) return;
    const last = next.number === 2;
    if (this.how === "showroom") {
      await recordShowroomPayment({
        orderId: order.id,
        amountCents: next.amountCents - next.paidCents,
        owedCents: (await laybyPlanView(order.id))!.leftCents,
        receiptReference: `TILL-${next.id}`,
        actor: s.actor,
        siteUrl: "http://shop.test",
      });
    } else {
      const payment = await createPaymentAttempt(
        await orderRow(order.id),
        ONLINE_METHOD[s.online],
        s.online,
        next,
      );
      await recordPaymentOutcome({
        provider: s.online,
        reference: payment.reference,
        providerReference: `${s.online}-${crypto.randomBytes(6).toString("hex")}`,
        status: "approved",
        amountCents: payment.amountCents,
      });
    }
    if (last) order.paid = true;
  }
  toString = () => `payInstalment(lay-by #${this.pick}, ${this.how})`;
}

class CancelLayby extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.layby && !o.paid && !o.cancelled);
  async step(m: Model, s: Shop) {
    const open = m.orders.filter((o) => o.layby && !o.paid && !o.cancelled);
    const order = open[this.pick % open.length]!;
    await attempt("cancel lay-by", [/cancelled already|paid in full|completed/i], async () => {
      await cancelLaybyPlan({
        orderId: order.id,
        reason: "staff",
        actor: s.actor,
        siteUrl: "http://shop.test",
      });
      order.cancelled = true;
    });
  }
  toString = () => `cancelLayby(#${this.pick})`;
}

/**
 * Staff pay back a part of a lay-by's refund by hand (cash, or one its provider did not pay or
 * has not answered about), recorded as every refund's part is.
 */
class PayLaybyRefund extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.layby && o.cancelled);
  async step(_m: Model, s: Shop) {
    const open = await db()
      .select({ id: refundParts.id, refundId: refunds.id, orderId: refunds.orderId })
      .from(refundParts)
      .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
      .where(sql`${refunds.kind} = 'layby' and ${refundParts.status} <> 'paid'`)
      .orderBy(refundParts.id);
    if (open.length === 0) return;
    const part = open[this.pick % open.length]!;
    await attempt(
      "pay a lay-by's refund by hand",
      [/settled already/, /not awaiting an answer/],
      async () => {
        await recordRefundPart({
          orderId: part.orderId,
          refundId: part.refundId,
          partId: part.id,
          outcome: "paid_by_hand",
          reference: "CASH-OUT-1",
          actor: s.actor,
        });
      },
    );
  }
  toString = () => `payLaybyRefund(#${this.pick})`;
}

class Refund extends ShopCommand {
  constructor(
    readonly pick: number,
    readonly how: "lines" | "amount" | "all",
    readonly restock: boolean,
    readonly method: "provider" | "eft",
    readonly mode: ProviderMode,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.paid);
  async step(m: Model, s: Shop) {
    const paid = m.orders.filter((o) => o.paid);
    const order = paid[this.pick % paid.length]!;
    s.provider.mode = this.mode;
    const lines = this.how === "amount" ? [] : [{ position: 0, quantity: 1 }];
    const left =
      (await orderRow(order.id)).totalCents - (await refundedSoFar(order.id)).refundedCents;
    const amountCents = this.how === "amount" ? Math.min(25_000, left) : null;
    await attempt(
      `refund by ${this.method === "eft" ? "EFT" : `the provider (${s.online})`}`,
      REFUND_REFUSALS,
      async () => {
        const done = await refundOrder({
          orderId: order.id,
          input: refundInput({
            lines: this.how === "all" ? [] : lines,
            amountCents: this.how === "all" ? left : amountCents,
            restock: this.restock,
            method: this.method,
            eftReference: this.method === "eft" || order.layby ? "EFT-OUT-1" : "",
          }),
          actor: s.actor,
        });
        // Through, when its money went back; awaiting a provider's answer is not yet.
        return done.status === "completed";
      },
    );
    s.settled = false;
    m.refundsAsked += 1;
  }
  toString = () =>
    `refund(#${this.pick}, ${this.how}, ${this.restock ? "restock" : "no restock"}, ${this.method}, ${this.mode})`;
}

class CancelOrder extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => !o.cancelled);
  async step(m: Model, s: Shop) {
    const open = m.orders.filter((o) => !o.cancelled);
    const order = open[this.pick % open.length]!;
    await attempt(
      `cancel ${order.paid ? "a paid" : "an unpaid"} order`,
      [
        /is on lay-by: use Cancel lay-by/,
        /is cancelled already/,
        /has been delivered: refund what comes back/,
        /is out for delivery/,
        // Paying it back first can be refused as a refund can, but never for its amount.
        /refused the refund .*Nothing was refunded and no credit note issued/,
        /is not set up now: pay the money back by EFT/,
        /was paid at the showroom: pay it back by EFT or cash/,
      ],
      async () => {
        await cancelOrder({ orderId: order.id, actor: s.actor });
        order.cancelled = true;
      },
    );
  }
  toString = () => `cancel(#${this.pick})`;
}

/** Staff hand a paid order over without a run (collected at the showroom). */
class HandOver extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.paid && !o.cancelled);
  async step(m: Model, s: Shop) {
    const paid = m.orders.filter((o) => o.paid && !o.cancelled);
    const order = paid[this.pick % paid.length]!;
    await attempt(
      "hand over",
      [
        /only a paid order still to deliver can be handed over/,
        /is out for delivery/,
        /has been paid back in full: cancel it rather than hand it over/,
      ],
      async () => {
        await markOrderDelivered({ orderId: order.id, actor: s.actor });
      },
    );
  }
  toString = () => `hand over(#${this.pick})`;
}

class HandMadeInvoice extends ShopCommand {
  constructor(readonly paid: boolean) {
    super();
  }
  check = () => true;
  async step(m: Model, s: Shop) {
    await attempt(
      "hand-made invoice",
      [/are available in .*: receive or transfer stock there first/],
      async () => {
        const created = await issuedManualInvoice(
          s.actor,
          { "lines.0.sku": s.sku, "lines.0.quantity": "1", "lines.0.unitPrice": "" },
          { paid: this.paid },
        );
        m.invoices.push({ id: created.id, paid: this.paid });
      },
    );
  }
  toString = () => `handMadeInvoice(${this.paid ? "paid" : "sent"})`;
}

class PayInvoice extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.invoices.some((i) => !i.paid);
  async step(m: Model, s: Shop) {
    const open = m.invoices.filter((i) => !i.paid);
    const invoice = open[this.pick % open.length]!;
    await attempt(
      "pay an invoice",
      [/paid already/i, /is credited in full: nothing is owed on it/],
      async () => {
        await markInvoicePaid({
          invoiceId: invoice.id,
          paymentReference: "FNB 2002",
          actor: s.actor,
        });
        invoice.paid = true;
      },
    );
  }
  toString = () => `payInvoice(#${this.pick})`;
}

class CreditInvoice extends ShopCommand {
  constructor(
    readonly pick: number,
    readonly byLine: boolean,
    readonly restock: boolean,
    /** A paid invoice's note issued "not paid back yet": the money goes back later. */
    readonly later: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.invoices.length > 0;
  async step(m: Model, s: Shop) {
    const invoice = m.invoices[this.pick % m.invoices.length]!;
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    await attempt(
      "credit an invoice",
      [
        /At most R[\d,.]+ of INV-\d+ can still be credited/,
        /credited in full/i,
        /cannot be credited/i,
        /refunded already|credited already/i,
      ],
      async () => {
        await creditManualInvoice({
          invoiceId: invoice.id,
          input: {
            lines: this.byLine ? [{ position: 0, quantity: 1 }] : [],
            amountCents: this.byLine ? null : 10_000,
            reason: "Damaged in delivery",
            paidBack:
              row!.status !== "paid"
                ? null
                : this.later
                  ? "not_yet"
                  : { by: "eft", reference: "EFT-BACK-1" },
            restock: this.restock,
          },
          actor: s.actor,
        });
      },
    );
  }
  toString = () =>
    `creditInvoice(#${this.pick}, ${this.byLine ? "line" : "R100"}, ${this.restock ? "restock" : "no restock"}${this.later ? ", pay back later" : ""})`;
}

/** Staff record the money of a note issued "not paid back yet" as gone, by EFT. */
class PayBackCreditNote extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = () => true;
  async step(m: Model, s: Shop) {
    const owedNotes = () =>
      db()
        .select({ id: creditNotes.id, invoiceId: creditNotes.invoiceId })
        .from(creditNotes)
        .where(sql`${creditNotes.payBackDue} and ${creditNotes.paidBackAt} is null`)
        .orderBy(creditNotes.id);
    let owed = await owedNotes();
    if (owed.length === 0) {
      // None owed yet: staff credit R100 of a paid invoice "not paid back yet" first (a new
      // one when every paid invoice is credited in full), and the books are read in between,
      // with the money still owed.
      const paidIds = m.invoices.filter((i) => i.paid).map((i) => i.id);
      const [left] = await db()
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          sql`${invoices.id} = any(${sql.param(paidIds.length ? paidIds : [0])}::int[]) and ${invoices.totalCents}
            - coalesce((select sum(c.total_cents) from credit_notes c where c.invoice_id = ${invoices.id}), 0) >= 10000`,
        )
        .orderBy(invoices.id);
      if (!left) await new HandMadeInvoice(true).step(m, s);
      const paid = left
        ? [{ id: left.id, paid: true }]
        : m.invoices.filter((i) => i.paid).slice(-1);
      if (paid.length === 0) return;
      await new CreditInvoice(0, false, false, true).step({ ...m, invoices: paid }, s);
      await checkInvariants({ settled: s.settled });
      owed = await owedNotes();
      if (owed.length === 0) return;
    }
    const note = owed[this.pick % owed.length]!;
    await attempt("pay a credit note back later", [], async () => {
      await recordCreditNotePaidBack({
        invoiceId: note.invoiceId,
        creditNoteId: note.id,
        paidBack: { by: "eft", reference: "EFT-LATER-1" },
        actor: s.actor,
      });
    });
  }
  toString = () => `payBackCreditNote(#${this.pick})`;
}

/** The job, a while later (refunds' clocks moved back rather than the shop's forward). */
class RefundJob extends ShopCommand {
  constructor(readonly mode: ProviderMode) {
    super();
  }
  check = (m: Readonly<Model>) => m.refundsAsked > 0;
  async step(_m: Model, s: Shop) {
    s.provider.mode = this.mode;
    await db()
      .update(refunds)
      .set({ updatedAt: sql`${refunds.updatedAt} - interval '1 hour'` })
      .where(sql`${refunds.status} in ('pending', 'awaiting_provider')`);
    await attempt("refund job", [], async () => (await recheckRefunds()) > 0);
    s.settled = true;
  }
  toString = () => `refundJob(provider: ${this.mode})`;
}

/** Staff record what they found in the provider's records for one awaiting refund's part. */
class RecordPart extends ShopCommand {
  constructor(
    readonly pick: number,
    readonly outcome: "paid_by_provider" | "paid_by_hand" | "not_paid",
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.refundsAsked > 0;
  async step(_m: Model, s: Shop) {
    const awaiting = await db()
      .select({ refund: refunds, part: refundParts })
      .from(refunds)
      .innerJoin(refundParts, eq(refundParts.refundId, refunds.id))
      .where(and(eq(refunds.status, "awaiting_provider"), sql`${refundParts.status} <> 'paid'`));
    if (awaiting.length === 0) return;
    const { refund, part } = awaiting[this.pick % awaiting.length]!;
    await attempt(
      `record a part ${this.outcome}`,
      [
        /paid back by hand: record it paid with its reference/,
        /settled already/,
        /not awaiting an answer/,
      ],
      async () => {
        await recordRefundPart({
          orderId: refund.orderId,
          refundId: refund.id,
          partId: part.id,
          outcome: this.outcome,
          reference: "CHECKED-1",
          actor: s.actor,
        });
      },
    );
  }
  toString = () => `recordPart(#${this.pick}, ${this.outcome})`;
}

/**
 * A process killed after reserving a refund and before asking the provider: a pending refund and
 * its part, as refundOrder's first step saves them, for at most what is left of one card payment.
 */
class KilledRefund extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.paid && !o.layby);
  async step(m: Model, s: Shop) {
    const paid = m.orders.filter((o) => o.paid && !o.layby);
    const order = paid[this.pick % paid.length]!;
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    const [payment] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "approved")));
    if (!invoice || !payment) return;
    const left = payment.amountCents - (await refundedSoFar(order.id)).refundedCents;
    const amountCents = Math.min(5_000, left);
    if (amountCents <= 0) return;
    const [row] = await db()
      .insert(refunds)
      .values({
        orderId: order.id,
        invoiceId: invoice.id,
        method: "provider",
        provider: payment.provider,
        amountCents,
        reason: "Damaged",
        creditLines: [
          {
            invoiceLinePosition: null,
            description: "Refund: Damaged",
            sku: "",
            variantId: null,
            quantity: 1,
            unitPriceCents: amountCents,
            lineTotalCents: amountCents,
          },
        ],
        createdBy: s.actor.id,
      })
      .returning();
    await db()
      .insert(refundParts)
      .values({ refundId: row!.id, paymentId: payment.id, method: "provider", amountCents });
    s.settled = false;
    m.refundsAsked += 1;
  }
  toString = () => `killedRefund(#${this.pick})`;
}

/** Staff in the shop's own role: booking, runs and the driver's phone are staff work. */
const staff = (s: Shop) => ({ ...s.actor, role: "staff" as const });

/** A moment on a shop day (South African time, UTC+2): the run starts at 07:30, visits at 11:00. */
const onDay = (day: string, time: "07:30" | "11:00") => new Date(`${day}T${time}:00+02:00`);

/**
 * Staff book a paid order's delivery: the first standard day its zone offers (an order quoted
 * for our own truck rides the shop's own zone's round; decision 041).
 */
class BookDelivery extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.paid && !o.cancelled);
  async step(m: Model, s: Shop) {
    const paid = m.orders.filter((o) => o.paid && !o.cancelled);
    const order = paid[this.pick % paid.length]!;
    const { number } = await orderRow(order.id);
    const [zone] = await db()
      .select({ id: deliveryZones.id })
      .from(deliveryZones)
      .where(sql`${deliveryZones.postalCodes} @> array['2740']::text[]`);
    const [first] = await deliveryDayChoices({ zoneId: zone!.id, kind: "standard", count: 1 });
    await attempt(
      "book a delivery day",
      [
        /is already booked for/,
        /is cancelled: there is nothing to deliver/,
        /is delivered: its goods have been handed over/,
        /is quoted for a courier: the courier delivers it/,
        // Every rand paid back by amount, the goods not credited: nothing is paid for now.
        /is not paid in full yet: book it once it is/,
      ],
      async () => {
        await bookOrderDelivery({
          orderNumber: number,
          day: first!.day,
          mode: "book",
          zoneId: zone!.id,
          actor: staff(s),
        });
      },
    );
  }
  toString = () => `bookDelivery(#${this.pick})`;
}

/**
 * The booked orders still at the shop, each on its own run on its day, and the driver starts
 * the run that morning: the order goes out for delivery with what is left to deliver.
 */
class SendOut extends ShopCommand {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.paid && !o.cancelled);
  async step(m: Model, s: Shop) {
    const atTheShop = () =>
      db()
        .select({ number: orders.number, day: deliveryBookings.day })
        .from(deliveryBookings)
        .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
        .leftJoin(deliveryRunStops, eq(deliveryRunStops.bookingId, deliveryBookings.id))
        .where(sql`${deliveryBookings.heldUntil} is null and ${deliveryRunStops.id} is null`)
        .orderBy(orders.number);
    let waiting = await atTheShop();
    if (waiting.length === 0) {
      // None booked yet: staff book one first, and the books are read in between.
      await new BookDelivery(this.pick).step(m, s);
      await checkInvariants({ settled: s.settled });
      waiting = await atTheShop();
    }
    if (waiting.length === 0) return;
    const { number, day } = waiting[this.pick % waiting.length]!;
    await attempt(
      "send out for delivery",
      [/is (cancelled|delivered): there is nothing to deliver/],
      async () => {
        const run = await createDeliveryRun({
          day,
          driverId: s.actor.id,
          truck: `Truck for #${number}`,
          actor: staff(s),
        });
        await addRunStop({ runId: run.id, orderNumber: number, actor: staff(s) });
        const started = await startDeliveryRun({
          runId: run.id,
          actor: staff(s),
          now: onDay(day, "07:30"),
        });
        return started.out > 0;
      },
    );
  }
  toString = () => `sendOut(#${this.pick})`;
}

/** The driver records a stop out for delivery: signed for, or not delivered (back to be booked). */
class Visit extends ShopCommand {
  constructor(
    readonly pick: number,
    readonly delivered: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.some((o) => o.paid && !o.cancelled);
  async step(m: Model, s: Shop) {
    const onTheTruck = () =>
      db()
        .select({ number: orders.number, day: deliveryBookings.day })
        .from(orders)
        .innerJoin(deliveryBookings, eq(deliveryBookings.orderId, orders.id))
        .where(eq(orders.status, "out_for_delivery"))
        .orderBy(orders.number);
    let out = await onTheTruck();
    if (out.length === 0) {
      // None out: the driver takes one out first, and the books are read in between.
      await new SendOut(this.pick).step(m, s);
      await checkInvariants({ settled: s.settled });
      out = await onTheTruck();
    }
    if (out.length === 0) return;
    const { number, day } = out[this.pick % out.length]!;
    const driver = { ...staff(s), name: s.actor.name };
    const common = {
      orderNumber: number,
      proofKey: crypto.randomUUID(),
      actor: driver,
      now: onDay(day, "11:00"),
    };
    await attempt(this.delivered ? "deliver" : "not delivered", [], async () => {
      if (this.delivered) {
        await recordDelivered({
          ...common,
          recipientName: "Lerato Mokoena",
          signature: "",
          signedOnPaper: true,
        });
      } else {
        await recordNotDelivered({ ...common, reason: "nobody_home", note: "" });
      }
    });
  }
  toString = () => `visit(#${this.pick}, ${this.delivered ? "delivered" : "not delivered"})`;
}

const pick = fc.nat(20);
/** A provider pays back more often than not, so that each provider's refunds go through. */
const mode = fc.constantFrom<ProviderMode>("approve", "approve", "refuse", "timeout", "error");

const NO_ADD_ONS = { removal: false, assembly: false };
const checkoutCommand = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.constantFrom<Code>("", "", "", "", ...CODES),
    fc.constantFrom(
      NO_ADD_ONS,
      NO_ADD_ONS,
      NO_ADD_ONS,
      { removal: true, assembly: false },
      { removal: false, assembly: true },
      { removal: true, assembly: true },
    ),
    fc.nat(4).map((n) => n === 0),
  )
  // MIN3000 needs three beds (R3,600): two are refused for their spend, three go through.
  .map(([q, c, a, far]) => new Checkout(c === "MIN3000" ? (q === 1 ? 2 : 3) : q, c, a, far));
const refundCommand = fc
  .tuple(
    pick,
    fc.constantFrom("lines", "amount", "all" as const),
    fc.boolean(),
    fc.constantFrom("provider", "provider", "eft" as const),
    mode,
  )
  .map(([p, h, r, m, pm]) => new Refund(p, h, r, m, pm));
const payCommand = pick.map((p) => new PayOnline(p));
const creditInvoiceCommand = fc
  .tuple(pick, fc.boolean(), fc.boolean(), fc.boolean())
  .map(([p, l, r, later]) => new CreditInvoice(p, l, r, later));

/**
 * Every command a shopper, staff member, provider or job can make, with its arguments; checkout
 * is listed twice, paying and refunding three times, so that most runs have paid orders to
 * refund and cancel through each provider.
 */
export const shopCommands = [
  checkoutCommand,
  checkoutCommand,
  payCommand,
  payCommand,
  payCommand,
  fc
    .array(fc.constantFrom<PaidBy>("online", "showroom"), { maxLength: 2 })
    .map((paid) => new Layby(paid)),
  fc
    .tuple(pick, fc.constantFrom<PaidBy>("online", "showroom"))
    .map(([p, h]) => new PayInstalment(p, h)),
  pick.map((p) => new CancelLayby(p)),
  pick.map((p) => new PayLaybyRefund(p)),
  refundCommand,
  refundCommand,
  refundCommand,
  pick.map((p) => new CancelOrder(p)),
  pick.map((p) => new HandOver(p)),
  fc.boolean().map((p) => new HandMadeInvoice(p)),
  pick.map((p) => new PayInvoice(p)),
  creditInvoiceCommand,
  creditInvoiceCommand,
  pick.map((p) => new PayBackCreditNote(p)),
  pick.map((p) => new PayBackCreditNote(p)),
  fc
    .tuple(pick, fc.constantFrom("own_truck", "courier" as const), fc.integer({ min: 1, max: 4 }))
    .map(([p, c, a]) => new QuoteDelivery(p, c, a * 45_000)),
  mode.map((pm) => new RefundJob(pm)),
  fc
    .tuple(pick, fc.constantFrom("paid_by_provider", "paid_by_hand", "not_paid" as const))
    .map(([p, o]) => new RecordPart(p, o)),
  pick.map((p) => new KilledRefund(p)),
  pick.map((p) => new BookDelivery(p)),
  pick.map((p) => new SendOut(p)),
  fc.tuple(pick, fc.boolean()).map(([p, d]) => new Visit(p, d)),
  fc.tuple(pick, fc.boolean()).map(([p, d]) => new Visit(p, d)),
];

/**
 * Each run starts from an empty shop: no products, stock, orders, payments, lay-bys, invoices,
 * refunds or ledger rows (settings, staff and warehouses stay). So a run's failure is its own,
 * and fast-check's shrinking finds the shortest sequence that breaks an invariant.
 */
export async function emptyShop() {
  await db().execute(sql`
    truncate table products, variants, stock_levels, stock_movements, stock_alerts,
      orders, order_lines, order_allocations, order_events, payments, delivery_bookings,
      layby_plans, layby_instalments,
      invoices, invoice_lines, credit_notes, credit_note_lines, refunds, refund_parts,
      refund_mails, sales_ledger, sales_ledger_lines, audit_log, promotions,
      promotion_redemptions, promotion_products, delivery_quotes, delivery_days, delivery_runs
      cascade`);
}

/**
 * The fixtures put stock on the shelf without a movement; the opening stock is recorded as one
 * (received), so that on hand = received - sold + returned can be read from the movements.
 */
async function recordOpeningStock(variantId: number) {
  await db().execute(sql`
    insert into stock_movements (variant_id, warehouse_id, kind, quantity, reason)
    select variant_id, warehouse_id, 'purchase_receipt', on_hand, 'Opening stock'
    from stock_levels l
    where variant_id = ${variantId} and on_hand > 0
      and not exists (select 1 from stock_movements m where m.variant_id = l.variant_id)`);
}

/**
 * The run's promotion codes, one for each rule a shopper meets: 10% off anything, R250 off,
 * 5% off a spend of R3,000 or more (a bed at R1,200: three of them), 15% off once per customer,
 * and 10% off the bed only (BED10: a pillow beside it stays at its price, issue 50's defect 1).
 */
export async function setUpPromotions(bedVariantId: number) {
  await addPromotion({ code: "PCT10", kind: "percentage", value: 10 });
  await addPromotion({ code: "FIXED250", kind: "fixed", value: 25_000 });
  await addPromotion({ code: "MIN3000", kind: "percentage", value: 5, minSubtotalCents: 300_000 });
  await addPromotion({ code: "ONCE15", kind: "percentage", value: 15, oncePerCustomer: true });
  const scoped = await addPromotion({ code: "BED10", kind: "percentage", value: 10 });
  const [bed] = await db().select().from(variants).where(eq(variants.id, bedVariantId));
  await db()
    .insert(promotionProducts)
    .values({ promotionId: scoped.id, productId: bed!.productId });
}

/** A pillow, another product in the showroom, for an order a scoped code discounts in part. */
export async function pillow(base: Shop["base"]) {
  const { variantId } = await addVariant(base, { priceCents: 40_000, stock: 30 });
  await recordOpeningStock(variantId);
  return variantId;
}

/** The run's bed: a few in the showroom and more in the store room, so a line can draw on both. */
export async function bedInTwoWarehouses(base: Shop["base"], storeRoomId: number) {
  const { variantId } = await addVariant(base, { priceCents: 120_000, stock: 3 });
  await db().execute(
    sql`insert into stock_levels (variant_id, warehouse_id, on_hand) values (${variantId}, ${storeRoomId}, 12)`,
  );
  await recordOpeningStock(variantId);
  const [bed] = await db().select().from(variants).where(eq(variants.id, variantId));
  return { variantId, sku: bed!.sku };
}
