import { and, asc, eq, gt, notExists } from "drizzle-orm";
import { db } from "~/db/client.server";
import { creditNotes, invoices, payments, refundMails, refundParts, refunds } from "~/db/schema";
import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { formatCreditNoteNumber, formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import type { PaymentProviderName } from "~/domain/payments/provider";
import { log } from "~/lib/log.server";
import { formatMoney } from "~/lib/money";
import { siteUrl as defaultSiteUrl } from "~/lib/site-url.server";
import { getOrderDetails, type OrderDetails } from "./get-order.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server";
import { orderPageUrl } from "./order-mail.server";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** Where a shopper downloads a credit note of their order by its secret link. */
export function creditNoteUrl(
  siteUrl: string,
  order: { number: number; token: string },
  creditNoteId: number,
) {
  return `${siteUrl}/orders/${order.number}/credit-notes/${creditNoteId}?token=${encodeURIComponent(order.token)}`;
}

/** How one part of a refund reaches the shopper, and how long it takes, in their words. */
function partLines(part: {
  method: string;
  provider: string | null;
  amountCents: number;
  reference: string;
}) {
  if (part.method === "hand") {
    return `- ${money(part.amountCents)} paid back to you by EFT or at the showroom (reference ${part.reference}). An EFT between banks usually clears within 1 to 3 business days.`;
  }
  const via: Record<PaymentProviderName, string> = {
    payfast: "to the card or account you paid with, through PayFast",
    payflex:
      "through PayFlex: your PayFlex plan is adjusted and what you paid goes back to your card",
    demo: "to the card you paid with, through the payment provider",
  };
  return `- ${money(part.amountCents)} ${via[part.provider as PaymentProviderName] ?? via.demo}. Banks usually take 5 to 10 business days to show a card refund on your statement.`;
}

/**
 * Tells the shopper a refund has been paid back, with its credit note attached: the amount, how
 * each part comes back and how long banks take, the credit note and the order, with links on the
 * shop's public origin. Sent once per refund, whatever the number of processes completing it:
 * the refund is claimed by inserting its row in refund_mails first. Call it after the
 * transaction that completed the refund has committed. Never throws: a failure is logged and
 * the claim handed back. Answers whether this call sent it.
 */
export async function sendRefundMail(options: { refundId: number; siteUrl: string }) {
  const { refundId, siteUrl } = options;
  try {
    const [refund] = await db()
      .select({
        orderId: refunds.orderId,
        status: refunds.status,
        amountCents: refunds.amountCents,
        reason: refunds.reason,
        creditNoteId: refunds.creditNoteId,
        creditNoteNumber: creditNotes.number,
        invoiceNumber: invoices.number,
      })
      .from(refunds)
      .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
      .leftJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
      .where(eq(refunds.id, refundId));
    if (refund?.status !== "completed" || !refund.creditNoteId) return false;
    const [claimed] = await db()
      .insert(refundMails)
      .values({ refundId })
      .onConflictDoNothing()
      .returning({ refundId: refundMails.refundId });
    if (!claimed) return false;
    try {
      await send({ ...refund, creditNoteId: refund.creditNoteId, refundId, siteUrl });
      return true;
    } catch (error) {
      await db().delete(refundMails).where(eq(refundMails.refundId, refundId));
      throw error;
    }
  } catch (error) {
    log.error({ err: error, refundId }, "Could not send a refund e-mail");
    return false;
  }
}

async function send(refund: {
  refundId: number;
  orderId: number;
  amountCents: number;
  reason: string;
  creditNoteId: number;
  creditNoteNumber: number | null;
  invoiceNumber: number;
  siteUrl: string;
}) {
  const [order, parts, pdf] = await Promise.all([
    getOrderDetails(refund.orderId),
    db()
      .select({
        method: refundParts.method,
        provider: payments.provider,
        amountCents: refundParts.amountCents,
        reference: refundParts.reference,
      })
      .from(refundParts)
      .leftJoin(payments, eq(payments.id, refundParts.paymentId))
      .where(eq(refundParts.refundId, refund.refundId))
      .orderBy(asc(refundParts.id)),
    renderCreditNotePdf({ creditNoteId: refund.creditNoteId }),
  ]);
  if (!order) return;
  await sendShopMail((shop) =>
    refundMail(
      {
        order,
        refund: { ...refund, creditNoteNumber: refund.creditNoteNumber ?? 0 },
        parts,
        attachment: { filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" },
      },
      shop,
    ),
  );
}

/** The refund paid back: how much, how each part comes back, the credit note and the order. */
export function refundMail(
  input: {
    order: Pick<OrderDetails, "number" | "token" | "email" | "firstName">;
    refund: {
      amountCents: number;
      reason: string;
      creditNoteId: number;
      creditNoteNumber: number;
      invoiceNumber: number;
      siteUrl: string;
    };
    parts: Parameters<typeof partLines>[0][];
    attachment: MailAttachment;
  },
  shop: Pick<StoreSettings, "storeName">,
): MailMessage {
  const { order, refund, parts } = input;
  const noteNumber = formatCreditNoteNumber(refund.creditNoteNumber);
  const paid = `We have paid back ${money(refund.amountCents)} for your order ${order.number} at ${shop.storeName}. Reason: ${refund.reason}`;
  const note = `Your credit note ${noteNumber} is attached: it reduces tax invoice ${formatInvoiceNumber(refund.invoiceNumber)} by ${money(refund.amountCents)}. Keep it with your invoice.`;
  const noteUrl = creditNoteUrl(refund.siteUrl, order, refund.creditNoteId);
  const pageUrl = orderPageUrl(refund.siteUrl, order);
  const late =
    "If the money has not reached you after 10 business days, reply to this e-mail or call us.";
  return {
    to: order.email,
    subject: `Refund of ${money(refund.amountCents)} for order ${order.number}`,
    text: [
      `Dear ${order.firstName},`,
      "",
      paid,
      "",
      "How it comes back to you:",
      ...parts.map(partLines),
      "",
      note,
      "",
      `Download the credit note: ${noteUrl}`,
      `Your order and its refunds: ${pageUrl}`,
      "",
      late,
    ].join("\n"),
    email: {
      heading: `Refund of ${money(refund.amountCents)} for order ${order.number}`,
      paragraphs: [
        `Dear ${order.firstName},`,
        paid,
        ["How it comes back to you:", ...parts.map(partLines)].join("\n"),
        note,
      ],
      totals: [{ label: "Paid back", value: refund.amountCents, strong: true }],
      action: { label: "Download the credit note", url: noteUrl },
      after: [`Your order and its refunds: ${pageUrl}`, late],
    },
    attachments: [input.attachment],
  };
}

/** Wraps where a refund is settled: e-mails the shopper once it has completed, answers it as it was. */
export async function mailRefundIfCompleted<T extends { status: string; refundId: number }>(
  settled: T,
): Promise<T> {
  if (settled.status === "completed") {
    await sendRefundMail({ refundId: settled.refundId, siteUrl: defaultSiteUrl() });
  }
  return settled;
}

/** How far back the job looks for completed refunds whose e-mail did not go. */
export const UNSENT_REFUND_MAIL_DAYS = 3;

/**
 * The job that catches refund e-mails a crash or a failed send left: refunds completed in the
 * last few days with no row in refund_mails are sent (each claimed as above). Answers how many
 * went out.
 */
export async function sendUnsentRefundMails(
  options: { now?: Date; siteUrl?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - UNSENT_REFUND_MAIL_DAYS * 24 * 60 * 60_000);
  const unsent = await db()
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "completed"),
        gt(refunds.updatedAt, since),
        notExists(db().select().from(refundMails).where(eq(refundMails.refundId, refunds.id))),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(50);
  let sent = 0;
  for (const { id } of unsent) {
    const url = options.siteUrl ?? defaultSiteUrl();
    if (await sendRefundMail({ refundId: id, siteUrl: url })) sent += 1;
  }
  return sent;
}
