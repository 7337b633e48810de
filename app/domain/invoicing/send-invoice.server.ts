import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { conflict, DomainError } from "~/domain/errors";
import { recordInvoiceInLedger } from "~/domain/ledger/record-sales.server";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { formatDay, shopToday } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { auditInvoice, lockInvoiceFor, type InvoiceActor } from "./invoice-changes.server";
import { getInvoice, invoicePdf, type Invoice } from "./invoice-document.server";
import { invoiceAmounts } from "./invoice-amounts";
import { invoiceWord, isVatVendor, sellerFromSettings } from "./invoice-seller";
import { shownInvoiceStatus } from "./invoice-status";
import { invoiceStockShortfall, sellInvoiceStock } from "./invoice-stock.server";
import { invoiceActionRefusal } from "./invoice-transitions";
import { log } from "~/lib/log.server";

/**
 * The invoice as it will stand once sent: the first send issues it (a tax invoice's date of
 * issue is the day it is issued, with the shop's details as they are that day); a later send
 * is a copy of what was issued.
 */
function asIssued(invoice: Invoice, seller: Invoice["seller"], now: Date): Invoice {
  if (invoice.status !== "draft") return invoice;
  // VAT as the shop is registered on the day of issue: none without a VAT number.
  const vatCents = isVatVendor(seller) ? invoiceAmounts(invoice.lines).vatCents : 0;
  const issued = {
    ...invoice,
    status: "sent" as const,
    issueDate: shopToday(now),
    seller,
    vatCents,
  };
  return { ...issued, shownStatus: shownInvoiceStatus(issued, shopToday(now)) };
}

/**
 * E-mails an invoice's PDF to the buyer, then records it: the first send issues a draft (status
 * sent, dated today, the shop's details refreshed; its lines and buyer are frozen from then on),
 * a later one sends a copy marked so (VAT Act s20(2)). Issuing sells its catalogue lines from
 * the default warehouse (refused, before any mail, when not enough is available). Nothing is
 * recorded when the mail could not be sent. A draft whose due date has passed is refused: it
 * would be overdue on arrival.
 */
export async function sendInvoice(options: {
  invoiceId: number;
  actor: InvoiceActor;
  now?: Date;
}): Promise<{ sentTo: string; invoiceNumber: string; copy: boolean }> {
  const { invoiceId, actor } = options;
  const now = options.now ?? new Date();
  const invoice = await getInvoice({ invoiceId });
  const { invoiceNumber } = invoice;
  const refusal = invoiceActionRefusal(invoiceNumber, invoice.status, "send");
  if (refusal) throw conflict(refusal);
  const sentTo = invoice.buyerEmail.trim();
  if (!sentTo) {
    throw new DomainError(
      "invalid",
      `${invoice.buyerName} has no e-mail address on ${invoiceNumber}: edit the draft to add one before sending it.`,
      { title: "No E-mail Address" },
    );
  }
  const today = shopToday(now);
  if (invoice.status === "draft" && invoice.dueDate !== null && invoice.dueDate < today) {
    throw new DomainError(
      "invalid",
      `${invoiceNumber} was due on ${formatDay(invoice.dueDate)}: edit the draft's due date before sending it.`,
      { title: "Due Date Passed" },
    );
  }

  const copy = invoice.status !== "draft";
  const shortfall = copy ? null : await invoiceStockShortfall(invoice.lines, invoiceNumber);
  if (shortfall) throw new DomainError("conflict", shortfall, { title: "Not Enough Stock" });
  const settings = await getStoreSettings();
  const issued = asIssued(invoice, sellerFromSettings(settings), now);
  const { pdf, filename } = await invoicePdf(issued, { copy });
  try {
    await sendShopMail(
      (shop) =>
        invoiceMail(
          {
            to: sentTo,
            invoice: issued,
            invoiceNumber,
            copy,
            attachment: { filename, content: pdf, contentType: "application/pdf" },
          },
          shop,
        ),
      settings,
    );
  } catch (error) {
    log.error({ err: error, invoice: invoiceNumber }, "Could not e-mail an invoice");
    throw new DomainError(
      "unavailable",
      `${invoiceNumber} could not be e-mailed just now; nothing was recorded. Please try again.`,
      { title: "Not Sent" },
    );
  }

  await db().transaction(async (tx) => {
    const locked = await lockInvoiceFor(tx, invoiceId, "send");
    // Issued only once: a colleague's send in the meantime made this one a copy.
    const issuing = locked.status === "draft";
    if (issuing && locked.updatedAt.getTime() !== invoice.updatedAt.getTime()) {
      throw conflict(
        `${invoiceNumber} was changed while it was being sent, so the e-mail showed the earlier version: check it and send it again.`,
      );
    }
    await tx
      .update(invoices)
      .set({
        ...(issuing
          ? {
              status: "sent" as const,
              issueDate: issued.issueDate,
              seller: issued.seller,
              vatCents: issued.vatCents,
            }
          : {}),
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    if (issuing) await sellInvoiceStock(tx, { invoiceId, invoiceNumber, actor });
    await recordInvoiceInLedger(tx, invoiceId);
    await auditInvoice(tx, {
      action: "invoice_sent",
      actor,
      number: locked.number,
      details: { sentTo, copy: !issuing, totalCents: locked.totalCents },
    });
  });
  return { sentTo, invoiceNumber, copy };
}

/** A hand-made invoice's e-mail to its buyer, its PDF attached (a copy says so). */
export function invoiceMail(
  input: {
    to: string;
    invoice: Pick<Invoice, "buyerName" | "totalCents" | "dueDate" | "seller">;
    invoiceNumber: string;
    copy: boolean;
    attachment: MailAttachment;
  },
  shop: Pick<StoreSettings, "storeName" | "email">,
): MailMessage {
  const { invoice, invoiceNumber, copy } = input;
  const total = formatMoney(invoice.totalCents, { cents: true });
  const word = invoiceWord(invoice.seller);
  const vatNote = isVatVendor(invoice.seller) ? " (VAT included)" : "";
  const find = `Please find ${copy ? "a copy of " : ""}our ${word.toLowerCase()} ${invoiceNumber} attached, for ${total}${vatNote}${invoice.dueDate ? `, due on ${formatDay(invoice.dueDate)}` : ""}.`;
  const quote = `Please quote ${invoiceNumber} as the reference with your payment, and reply to this e-mail with any question.`;
  return {
    to: input.to,
    subject: `${copy ? `Copy of ${word.toLowerCase()}` : word} ${invoiceNumber} from ${shop.storeName}`,
    text: [`Dear ${invoice.buyerName},`, "", find, quote].join("\n"),
    email: {
      heading: `${copy ? `Copy of ${word.toLowerCase()}` : word} ${invoiceNumber}`,
      paragraphs: [`Dear ${invoice.buyerName},`, find],
      totals: [{ label: copy ? "Total" : "To pay", value: invoice.totalCents, strong: true }],
      after: [quote],
    },
    replyTo: shop.email,
    attachments: [input.attachment],
  };
}
