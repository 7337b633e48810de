import { and, eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { invoiceLines, invoices } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
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
import { invoiceWord, isVatVendor, sellerFromSettings } from "~/domain/documents/seller";
import { invoiceStockShortfall, sellInvoiceStock } from "./invoice-stock.server";
import { log } from "~/lib/log.server";

/**
 * Issues a draft (status sent, dated today, the shop's details refreshed; its lines and buyer are
 * frozen from then on) and e-mails its PDF to the buyer; a later send e-mails a copy marked so
 * (VAT Act s20(2)). Issuing sells its catalogue lines from the default warehouse (refused when
 * not enough is available). The invoice is recorded first and mailed only once that has
 * committed, so a refusal (stock sold meanwhile, the invoice cancelled meanwhile) sends nothing:
 * an e-mail that has gone cannot be taken back, a transaction can still refuse. The send is
 * claimed in that transaction (`sent_at`), so two staff sending at once mail one original; a
 * mail that fails hands the claim back, and the next send mails the original again, as the
 * buyer never had it. A draft whose due date has passed is refused: it would be overdue on
 * arrival.
 */
export async function sendInvoice(options: {
  invoiceId: number;
  actor: InvoiceActor;
  now?: Date;
}): Promise<{ sentTo: string; invoiceNumber: string; copy: boolean }> {
  const { invoiceId, actor } = options;
  const now = options.now ?? new Date();
  const settings = await getStoreSettings();
  const today = shopToday(now);

  const recorded = await db().transaction(async (tx) => {
    const locked = await lockInvoiceFor(tx, invoiceId, "send");
    const { invoiceNumber } = locked;
    const sentTo = locked.buyerEmail.trim();
    if (!sentTo) {
      throw new DomainError(
        "invalid",
        `${locked.buyerName} has no e-mail address on ${invoiceNumber}: edit the draft to add one before sending it.`,
        { title: "No E-mail Address" },
      );
    }
    const issuing = locked.status === "draft";
    if (issuing && locked.dueDate !== null && locked.dueDate < today) {
      throw new DomainError(
        "invalid",
        `${invoiceNumber} was due on ${formatDay(locked.dueDate)}: edit the draft's due date before sending it.`,
        { title: "Due Date Passed" },
      );
    }
    const lines = issuing ? await invoiceLinesOf(tx, invoiceId) : [];
    const shortfall = issuing ? await invoiceStockShortfall(lines, invoiceNumber, tx) : null;
    if (shortfall) throw new DomainError("conflict", shortfall, { title: "Not Enough Stock" });
    // The buyer has the original once an e-mail carrying it went; until then a send is it.
    const copy = locked.sentAt !== null;
    const seller = sellerFromSettings(settings);
    await tx
      .update(invoices)
      .set({
        ...(issuing
          ? {
              status: "sent" as const,
              issueDate: today,
              seller,
              // VAT as the shop is registered on the day of issue: none without a VAT number.
              vatCents: isVatVendor(seller) ? invoiceAmounts(lines).vatCents : 0,
            }
          : {}),
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    if (issuing) {
      await sellInvoiceStock(tx, { invoiceId, invoiceNumber, actor });
      await recordInvoiceInLedger(tx, invoiceId);
      await auditInvoice(tx, {
        action: "invoice_issued",
        actor,
        number: locked.number,
        details: { totalCents: locked.totalCents },
      });
    }
    return { invoiceNumber, sentTo, copy, issuing, sentBefore: locked.sentAt };
  });

  // Committed: now the e-mail, of the invoice as it was recorded.
  const { invoiceNumber, sentTo, copy, issuing } = recorded;
  try {
    const issued = await getInvoice({ invoiceId });
    const { pdf, filename } = await invoicePdf(issued, { copy });
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
    // Handed back, unless another send has claimed it since.
    await db()
      .update(invoices)
      .set({ sentAt: recorded.sentBefore })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.sentAt, now)));
    throw new DomainError(
      "unavailable",
      issuing
        ? `${invoiceNumber} is issued, but it could not be e-mailed just now. Send it again: the buyer gets it as the original.`
        : `${invoiceNumber} could not be e-mailed just now. Please try again.`,
      { title: "Not Sent" },
    );
  }
  await recordAudit({
    action: "invoice_sent",
    actorId: actor.id,
    actorEmail: actor.email,
    subject: `invoice:${invoiceNumber}`,
    details: { sentTo, copy },
  });
  return { sentTo, invoiceNumber, copy };
}

async function invoiceLinesOf(tx: Tx, invoiceId: number) {
  return tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
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
