import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyPlans, orders, refundParts, refunds } from "~/db/schema";
import { orderInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { notifyQuietly, sendShopMail } from "~/domain/leads/shop-mail.server";
import { orderPageUrl } from "~/domain/orders/order-mail.server";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server";
import { laybyCancellation } from "./cancellation";

const money = (cents: number) => formatMoney(cents, { cents: true });

const instalmentWords = (number: number) => (number === 0 ? "deposit" : `instalment ${number}`);

/**
 * The plan is cancelled: the shopper gets the calculation in writing (regulation 34(2); an
 * e-mail counts under ECTA), how each part of the refund reaches them and, when the shop kept
 * a charge, its invoice attached. A mail failure is logged and never undoes the cancellation.
 */
export async function sendLaybyCancelledMail(options: { orderId: number; siteUrl: string }) {
  const [found] = await db()
    .select({ order: orders, plan: laybyPlans })
    .from(orders)
    .innerJoin(laybyPlans, eq(laybyPlans.orderId, orders.id))
    .where(eq(orders.id, options.orderId));
  if (!found || found.plan.status !== "cancelled") return;
  const { order, plan } = found;
  const parts = await db()
    .select({
      method: refundParts.method,
      amountCents: refundParts.amountCents,
      status: refundParts.status,
      interest: refundParts.interest,
    })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(and(eq(refunds.kind, "layby"), eq(refunds.planId, plan.id)))
    .orderBy(asc(refundParts.id));
  const invoice = (plan.chargeCents ?? 0) > 0 ? await orderInvoice(order.id) : null;
  const pdf = invoice ? await renderInvoicePdf({ invoiceId: invoice.id }) : null;
  const attachment = pdf
    ? { filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" }
    : undefined;
  await notifyQuietly("lay-by cancellation", (shop) =>
    laybyCancelledMail({ order, plan, parts, siteUrl: options.siteUrl, invoice, attachment }, shop),
  );
}

type CancelledPlan = Pick<
  typeof laybyPlans.$inferSelect,
  | "chargeCents"
  | "refundCents"
  | "chargeBasisPoints"
  | "chargeRule"
  | "cancelReason"
  | "interestCents"
  | "interestBasisPoints"
>;

/** The cancellation's calculation in writing, and how each part of the refund comes back. */
export function laybyCancelledMail(
  input: {
    order: Pick<
      typeof orders.$inferSelect,
      "number" | "token" | "email" | "firstName" | "totalCents" | "subtotalCents" | "discountCents"
    >;
    plan: CancelledPlan;
    parts: { method: string; amountCents: number; status: string; interest?: boolean }[];
    siteUrl: string;
    /** The charge's invoice, when the shop kept one, and its PDF to attach. */
    invoice?: { invoiceNumber: string } | null;
    attachment?: MailAttachment;
  },
  shop: Pick<StoreSettings, "phone">,
): MailMessage {
  const { order, plan, parts, siteUrl, invoice } = input;
  const paidCents = (plan.chargeCents ?? 0) + (plan.refundCents ?? 0);
  const { explanation } = laybyCancellation({
    goods: order,
    paidCents,
    chargeBasisPoints: plan.chargeBasisPoints,
    rule: plan.chargeRule,
    interest:
      plan.interestBasisPoints === null
        ? undefined
        : { cents: plan.interestCents ?? 0, basisPoints: plan.interestBasisPoints },
  });
  const attached = invoice
    ? [`The invoice for the cancellation charge, ${invoice.invoiceNumber}, is attached.`]
    : [];
  const why =
    plan.cancelReason === "lapsed"
      ? "it was not paid in full 60 business days after its last due day (Consumer Protection Act s62(4))"
      : plan.chargeRule === "shop_cannot_supply"
        ? "we cannot supply the goods you chose (Consumer Protection Act s62(2)-(3)); we are sorry"
        : plan.cancelReason === "staff"
          ? "our staff cancelled it, as arranged with you"
          : "you asked us to";
  const how = parts.map((r) =>
    r.interest
      ? `- ${money(r.amountCents)} interest: we pay it to you by bank transfer or at our showroom, as you prefer (we will contact you).`
      : r.method === "hand"
        ? `- ${money(r.amountCents)} paid at our showroom: we pay it back to you at the showroom (bring this e-mail and your receipts).`
        : r.status === "refused"
          ? `- ${money(r.amountCents)} paid online: the payment provider could not pay it back, so we will contact you to pay it back another way.`
          : `- ${money(r.amountCents)} paid online: paid back to the card or account you paid with (it can take a few working days to show).`,
  );
  const opening = `Your lay-by for order ${order.number} (order total ${money(order.totalCents)}) has been cancelled because ${why}. The goods held for you have been released.`;
  const pageUrl = orderPageUrl(siteUrl, order);
  return {
    to: order.email,
    subject: `Your lay-by for order ${order.number} is cancelled`,
    text: [
      `Dear ${order.firstName},`,
      "",
      opening,
      "",
      "The calculation:",
      ...explanation,
      ...(how.length > 0 ? ["", "How the refund reaches you:", ...how] : []),
      ...attached.flatMap((line) => ["", line]),
      "",
      `Your order: ${pageUrl}`,
      "",
      `Questions? Reply to this e-mail or call ${shop.phone}.`,
    ].join("\n"),
    email: {
      heading: `Your lay-by for order ${order.number} is cancelled`,
      paragraphs: [
        `Dear ${order.firstName},`,
        opening,
        ["The calculation:", ...explanation].join("\n"),
        ...(how.length > 0 ? [["How the refund reaches you:", ...how].join("\n")] : []),
        ...attached,
      ],
      action: { label: `See order ${order.number}`, url: pageUrl },
      after: [`Questions? Reply to this e-mail or call ${shop.phone}.`],
    },
    attachments: input.attachment ? [input.attachment] : undefined,
  };
}

export type InstalmentNotice = {
  orderNumber: number;
  token: string;
  email: string;
  firstName: string;
  number: number;
  dueDay: string;
  amountCents: number;
  /** What was paid of it already (a part payment); the notice is for what is left. */
  paidCents: number;
};

/** "R1,400.00", or "R900.00 (what is left of R1,400.00)" after a part payment. */
const owedWords = (notice: InstalmentNotice) =>
  notice.paidCents > 0
    ? `${money(notice.amountCents - notice.paidCents)} (what is left of ${money(notice.amountCents)})`
    : money(notice.amountCents);

/** Five days before a due day: what is due, when, and where to pay it. */
export function sendInstalmentReminder(notice: InstalmentNotice, siteUrl: string) {
  return sendShopMail(() => instalmentReminderMail(notice, siteUrl));
}

export function instalmentReminderMail(notice: InstalmentNotice, siteUrl: string): MailMessage {
  const what = `A reminder that the ${instalmentWords(notice.number)} of your lay-by for order ${notice.orderNumber}, ${owedWords(notice)}, is due on ${formatDay(notice.dueDay)}.`;
  const pageUrl = orderPageUrl(siteUrl, { number: notice.orderNumber, token: notice.token });
  return {
    to: notice.email,
    subject: `Lay-by ${instalmentWords(notice.number)} of ${money(notice.amountCents - notice.paidCents)} due on ${formatDay(notice.dueDay)}`,
    text: [
      `Dear ${notice.firstName},`,
      "",
      what,
      "",
      `Pay it online: ${pageUrl}`,
      "Or pay at our showroom and keep the till receipt.",
    ].join("\n"),
    email: {
      heading: `Your lay-by ${instalmentWords(notice.number)} is due on ${formatDay(notice.dueDay)}`,
      paragraphs: [`Dear ${notice.firstName},`, what],
      action: { label: "Pay it online", url: pageUrl },
      after: ["Or pay at our showroom and keep the till receipt."],
    },
  };
}

/** The day after a missed due day: what is owed, and when the plan would lapse. */
export function sendMissedInstalmentNotice(
  notice: InstalmentNotice & { lapseDay: string },
  siteUrl: string,
) {
  return sendShopMail(() => missedInstalmentMail(notice, siteUrl));
}

export function missedInstalmentMail(
  notice: InstalmentNotice & { lapseDay: string },
  siteUrl: string,
): MailMessage {
  const what = `The ${instalmentWords(notice.number)} of your lay-by for order ${notice.orderNumber}, ${owedWords(notice)}, was due on ${formatDay(notice.dueDay)} and we have not received ${notice.paidCents > 0 ? "all of it" : "it"}.`;
  const lapse = `If the plan is not paid in full by ${formatDay(notice.lapseDay)}, it is cancelled and what you paid is refunded less the cancellation charge you agreed to (Consumer Protection Act s62(4)).`;
  const pageUrl = orderPageUrl(siteUrl, { number: notice.orderNumber, token: notice.token });
  return {
    to: notice.email,
    subject: `Lay-by ${instalmentWords(notice.number)} for order ${notice.orderNumber} is overdue`,
    text: [
      `Dear ${notice.firstName},`,
      "",
      what,
      "",
      `Pay it online: ${pageUrl}`,
      "Or pay at our showroom. If you cannot pay, please contact us: we can talk about your plan.",
      "",
      lapse,
    ].join("\n"),
    email: {
      heading: `Your lay-by ${instalmentWords(notice.number)} is overdue`,
      paragraphs: [`Dear ${notice.firstName},`, what],
      action: { label: "Pay it online", url: pageUrl },
      after: [
        "Or pay at our showroom. If you cannot pay, please contact us: we can talk about your plan.",
        lapse,
      ],
    },
  };
}
