import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { purchaseOrderEvents, purchaseOrders, suppliers } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError, conflict, notFound } from "~/domain/errors";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server";
import { isDbId } from "~/lib/db-ids";
import { formatPoNumber } from "./po-number";
import { renderPurchaseOrderPdf } from "./purchase-order-pdf.server";
import { log } from "~/lib/log.server";

/**
 * The statuses a purchase order may be e-mailed in. A draft is still being written (its lines
 * may change, and a supplier must not act on it); a cancelled order must not be fulfilled. A
 * pending, approved or in-transit order is the shop's order as it stands, and a received one
 * may be sent again as the supplier's copy for their invoice.
 */
export const SENDABLE_PURCHASE_ORDER_STATUSES = [
  "pending",
  "approved",
  "in_transit",
  "received",
] as const;

const sendable = new Set<string>(SENDABLE_PURCHASE_ORDER_STATUSES);

/**
 * E-mails a purchase order's PDF to its supplier, then records when and to whom (sentAt, the
 * timeline, the audit log). Nothing is recorded when the mail could not be sent.
 */
export async function sendPurchaseOrderToSupplier(options: {
  purchaseOrderId: number;
  actor: { id: string; email: string };
}): Promise<{ sentTo: string }> {
  const { purchaseOrderId, actor } = options;
  if (!isDbId(purchaseOrderId)) throw notFound("This purchase order does not exist.");
  const [order] = await db()
    .select({
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      supplierName: suppliers.name,
      contactPerson: suppliers.contactPerson,
      email: suppliers.email,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, purchaseOrderId));
  if (!order) throw notFound("This purchase order does not exist.");
  const poNumber = formatPoNumber(order.number);
  if (order.status === "draft") {
    throw conflict(
      `${poNumber} is still a draft: submit it before sending it, so the supplier only sees an order the shop stands by.`,
    );
  }
  if (!sendable.has(order.status)) {
    throw conflict(`${poNumber} is cancelled: a cancelled order is not sent to the supplier.`);
  }
  const sentTo = order.email.trim();
  if (!sentTo) {
    throw new DomainError(
      "invalid",
      `${order.supplierName} has no e-mail address: add one to the supplier before sending.`,
      { title: "No E-mail Address" },
    );
  }

  const { pdf, filename } = await renderPurchaseOrderPdf({ purchaseOrderId });
  try {
    await sendShopMail((shop) =>
      purchaseOrderMail(
        {
          to: sentTo,
          poNumber,
          addressee: order.contactPerson.trim() || order.supplierName,
          attachment: { filename, content: pdf, contentType: "application/pdf" },
        },
        shop,
      ),
    );
  } catch (error) {
    log.error({ err: error, purchaseOrder: poNumber }, "Could not e-mail a purchase order");
    throw new DomainError(
      "unavailable",
      `${poNumber} could not be e-mailed just now; nothing was recorded. Please try again.`,
      { title: "Not Sent" },
    );
  }

  await db().transaction(async (tx) => {
    await tx
      .update(purchaseOrders)
      .set({ sentAt: new Date() })
      .where(eq(purchaseOrders.id, purchaseOrderId));
    await tx.insert(purchaseOrderEvents).values({
      purchaseOrderId,
      type: "sent",
      message: `Sent to the supplier at ${sentTo}.`,
      actor: actor.id,
    });
    await recordAudit(
      {
        action: "purchase_order_sent",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `purchase_order:${poNumber}`,
        details: { sentTo },
      },
      tx,
    );
  });
  return { sentTo };
}

/** The purchase order's e-mail to the supplier, its PDF attached. */
export function purchaseOrderMail(
  input: { to: string; poNumber: string; addressee: string; attachment: MailAttachment },
  shop: Pick<StoreSettings, "storeName" | "email">,
): MailMessage {
  const { poNumber } = input;
  const ask = `Kindly quote ${poNumber} on your delivery note and invoice, and reply to this e-mail to confirm the order and its delivery date.`;
  return {
    to: input.to,
    subject: `Purchase order ${poNumber} from ${shop.storeName}`,
    text: [
      `Dear ${input.addressee},`,
      "",
      `Please find our purchase order ${poNumber} attached.`,
      ask,
    ].join("\n"),
    email: {
      heading: `Purchase order ${poNumber}`,
      paragraphs: [
        `Dear ${input.addressee},`,
        `Please find our purchase order ${poNumber} attached.`,
        ask,
      ],
    },
    replyTo: shop.email,
    attachments: [input.attachment],
  };
}
