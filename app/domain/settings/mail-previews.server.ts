import { accountExistsMail } from "~/domain/auth/account-exists-mail.server";
import { noAccountMail, passwordResetMail } from "~/domain/auth/password-reset-mail.server";
import { deliveryNoticeMail } from "~/domain/delivery/delivery-notices.server";
import { deliveryQuoteMail } from "~/domain/delivery/delivery-quote.server";
import { stockAlertMail } from "~/domain/inventory/stock-alert-mail";
import { invoiceMail } from "~/domain/invoicing/send-invoice.server";
import { sellerFromSettings } from "~/domain/documents/seller";
import {
  instalmentReminderMail,
  laybyCancelledMail,
  missedInstalmentMail,
} from "~/domain/layby/layby-mail.server";
import { contactCopyMail, contactMessageMail } from "~/domain/leads/send-contact-message.server";
import { newsletterConfirmMail } from "~/domain/leads/newsletter.server";
import { shopSender, signedByShop } from "~/domain/leads/shop-mail.server";
import { consultationMails } from "~/domain/leads/submit-consultation.server";
import { orderConfirmationMails, paymentMails } from "~/domain/orders/order-mail.server";
import { payReminderMail } from "~/domain/orders/pay-reminder-mail.server";
import { refundMail } from "~/domain/orders/refund-mail.server";
import { purchaseOrderMail } from "~/domain/purchasing/send-purchase-order.server";
import { getReport } from "~/domain/reports/get-report.server";
import { dayIn, mondayOf, resolvePeriod, shiftDays } from "~/domain/reports/report-period";
import { weeklyReportMail } from "~/domain/reports/weekly-report-mail";
import { reviewRejectedMail } from "~/domain/reviews/moderate-review.server";
import { reviewInvitationMail } from "~/domain/reviews/review-invitations.server";
import { verificationMail } from "~/domain/shoppers/shopper-mail.server";
import { addDays } from "~/lib/dates";
import { messageHtml, type MailAttachment, type MailMessage } from "~/mail/mailer.server";
import type { MailPreviewKey } from "./mail-preview-list";
import { previewDelivery, previewLaybyPlan, previewOrder, previewProof } from "./mail-preview-data";
import type { StoreSettings } from "./store-settings.server";

type Context = { settings: StoreSettings; siteUrl: string; now: Date };

/** Stands for a PDF in a preview: its name is shown, nothing is made or sent. */
const pdf = (filename: string): MailAttachment => ({
  filename,
  content: Buffer.alloc(0),
  contentType: "application/pdf",
});

const SHOPPER = "naledi@example.com";

/**
 * Each message built by the function that builds it for sending, from the sample data
 * (`mail-preview-data.ts`), the shop's settings and its public address. The first message of
 * a kind is the one previewed (a staff notice goes to each staff member alike).
 */
const BUILDERS: Record<MailPreviewKey, (c: Context) => MailMessage | Promise<MailMessage>> = {
  "order-confirmation": (c) =>
    paymentMails(
      {
        order: previewOrder(c.now),
        plan: null,
        delivery: previewDelivery(c.now),
        staff: [],
        invoice: { invoiceNumber: "INV-0042", attachment: pdf("Tax invoice INV-0042.pdf") },
        siteUrl: c.siteUrl,
      },
      c.settings,
    )[0]!,
  "pay-reminder": (c) =>
    payReminderMail(
      {
        order: { ...previewOrder(c.now), status: "awaiting_payment", paymentStatus: "unpaid" },
        delivery: previewDelivery(c.now),
        siteUrl: c.siteUrl,
      },
      c.settings,
    ),
  "quoted-order-confirmation": (c) =>
    orderConfirmationMails(
      {
        order: {
          ...previewOrder(c.now),
          status: "awaiting_payment",
          paymentStatus: "awaiting_quote",
          city: "Kimberley",
          province: "NC",
          postalCode: "8301",
        },
        plan: null,
        delivery: null,
        staff: [],
        siteUrl: c.siteUrl,
      },
      c.settings,
    )[0]!,
  "layby-confirmation": (c) =>
    orderConfirmationMails(
      {
        order: { ...previewOrder(c.now), paymentStatus: "partially_paid" },
        plan: previewLaybyPlan(c.now),
        delivery: null,
        staff: [],
        siteUrl: c.siteUrl,
      },
      c.settings,
    )[0]!,
  "payment-receipt": (c) =>
    paymentMails(
      {
        order: previewOrder(c.now),
        plan: previewLaybyPlan(c.now),
        delivery: previewDelivery(c.now),
        staff: [],
        invoice: { invoiceNumber: "INV-0042", attachment: pdf("Tax invoice INV-0042.pdf") },
        siteUrl: c.siteUrl,
      },
      c.settings,
    )[0]!,
  "delivery-quote": (c) =>
    deliveryQuoteMail(
      {
        order: {
          ...previewOrder(c.now),
          paymentStatus: "unpaid",
          city: "Kimberley",
          province: "NC",
          postalCode: "8301",
          deliveryCents: 85_000,
          totalCents: 1_069_800,
        },
        quote: { amountCents: 85_000, carrierLabel: "Our own truck", note: "" },
        siteUrl: c.siteUrl,
      },
      c.settings,
    ),
  "delivery-booked": (c) => notice(c, "booked"),
  "delivery-moved": (c) => notice(c, "moved"),
  "delivery-reminder": (c) => notice(c, "reminder"),
  "delivery-on-the-way": (c) => notice(c, "out_for_delivery"),
  "delivery-delivered": (c) => notice(c, "delivered"),
  "delivery-not-delivered": (c) => notice(c, "not_delivered"),
  "instalment-reminder": (c) => instalmentReminderMail(instalment(c), c.siteUrl),
  "instalment-missed": (c) =>
    missedInstalmentMail(
      {
        ...instalment(c),
        dueDay: addDays(instalment(c).dueDay, -35),
        lapseDay: addDays(instalment(c).dueDay, 120),
      },
      c.siteUrl,
    ),
  "layby-cancelled": (c) =>
    laybyCancelledMail(
      {
        order: previewOrder(c.now),
        plan: {
          // 1% of the sample's goods (R9,598.00), kept from R3,682.67 paid.
          chargeCents: 9_598,
          refundCents: 358_669,
          chargeBasisPoints: 100,
          chargeRule: "charge",
          cancelReason: "shopper",
          interestCents: null,
          interestBasisPoints: null,
        },
        parts: [{ method: "provider", amountCents: 358_669, status: "paid" }],
        siteUrl: c.siteUrl,
        invoice: { invoiceNumber: "INV-000043" },
        attachment: pdf("INV-000043.pdf"),
      },
      c.settings,
    ),
  refund: (c) =>
    refundMail(
      {
        order: previewOrder(c.now),
        refund: {
          amountCents: 59_900,
          reason: "The pillows were returned unopened.",
          creditNoteId: 0,
          creditNoteNumber: 7,
          invoiceNumber: 42,
          siteUrl: c.siteUrl,
        },
        parts: [{ method: "provider", provider: "payfast", amountCents: 59_900, reference: "" }],
        attachment: pdf("Credit note CN-0007.pdf"),
      },
      c.settings,
    ),
  "review-invitation": (c) =>
    reviewInvitationMail(
      { number: 1042, firstName: "Naledi", email: SHOPPER },
      [
        { title: "Serenity Foam Bed", size: "Queen", url: `${c.siteUrl}/reviews/write/preview-1` },
        { title: "Cloud Pillow", size: "Standard", url: `${c.siteUrl}/reviews/write/preview-2` },
      ],
      `${c.siteUrl}/reviews/stop/preview-1`,
    ),
  "review-rejected": (c) =>
    reviewRejectedMail(
      {
        to: SHOPPER,
        displayName: "Naledi, Lichtenburg",
        productTitle: "Serenity Foam Bed",
        reason: "Reviews may not carry phone numbers or links to other shops.",
      },
      c.settings,
    ),
  "password-reset": (c) =>
    passwordResetMail(
      { to: SHOPPER, link: `${c.siteUrl}/account/reset?token=preview` },
      c.settings.storeName,
    ),
  "reset-no-account": (c) =>
    noAccountMail({ to: SHOPPER, baseURL: c.siteUrl }, c.settings.storeName),
  "verify-email": (c) =>
    verificationMail(
      { to: SHOPPER, link: `${c.siteUrl}/account/verify?token=preview` },
      c.settings.storeName,
    ),
  "account-exists": (c) =>
    accountExistsMail({ to: SHOPPER, role: "customer", baseURL: c.siteUrl }, c.settings.storeName),
  "newsletter-confirm": (c) =>
    newsletterConfirmMail(
      {
        email: SHOPPER,
        confirmUrl: `${c.siteUrl}/newsletter/confirm?token=preview`,
        unsubscribeUrl: `${c.siteUrl}/newsletter/unsubscribe?token=preview`,
      },
      c.settings,
    ),
  "contact-copy": (c) => contactCopyMail(CONTACT, c.settings),
  "consultation-copy": (c) => consultationMails(CONSULTATION, 8, c.settings)[1]!,
  "new-order": (c) =>
    orderConfirmationMails(
      {
        order: { ...previewOrder(c.now), status: "awaiting_payment", paymentStatus: "unpaid" },
        plan: null,
        delivery: previewDelivery(c.now),
        staff: [c.settings.email],
        siteUrl: c.siteUrl,
      },
      c.settings,
    )[0]!,
  "order-paid": (c) =>
    paymentMails(
      {
        order: previewOrder(c.now),
        plan: null,
        delivery: previewDelivery(c.now),
        staff: [c.settings.email],
        invoice: null,
        siteUrl: c.siteUrl,
      },
      c.settings,
    )[1]!,
  "low-stock": (c) => ({
    to: c.settings.email,
    ...stockAlertMail(
      [
        {
          variantId: 1,
          title: "Serenity Foam Bed",
          size: "queen",
          sku: "FB-01-QN",
          warehouse: "Showroom",
          available: 2,
          threshold: 3,
        },
      ],
      c.siteUrl,
    ),
  }),
  "weekly-report": async (c) => {
    const monday = mondayOf(dayIn(c.now, c.settings.timezone));
    const firstDay = shiftDays(monday, -7);
    const lastDay = shiftDays(monday, -1);
    const period = resolvePeriod({
      key: "custom",
      from: firstDay,
      to: lastDay,
      timeZone: c.settings.timezone,
    });
    // The shop's own figures for last week, as Monday's e-mail gives them.
    const mail = weeklyReportMail({
      report: await getReport(period),
      firstDay,
      lastDay,
      siteUrl: c.siteUrl,
    });
    return { to: c.settings.email, ...mail };
  },
  "contact-message": (c) => contactMessageMail(CONTACT, 12, c.settings),
  consultation: (c) => consultationMails(CONSULTATION, 8, c.settings)[0]!,
  "purchase-order": (c) =>
    purchaseOrderMail(
      {
        to: "orders@supplier.example.com",
        poNumber: "PO-0015",
        addressee: "Johan Botha",
        attachment: pdf("Purchase order PO-0015.pdf"),
      },
      c.settings,
    ),
  invoice: (c) =>
    invoiceMail(
      {
        to: "accounts@guesthouse.example.com",
        invoice: {
          buyerName: "Protea Guesthouse",
          totalCents: 1_438_800,
          dueDate: addDays(dayIn(c.now, c.settings.timezone), 30),
          seller: sellerFromSettings(c.settings),
        },
        invoiceNumber: "INV-0043",
        copy: false,
        attachment: pdf("Tax invoice INV-0043.pdf"),
      },
      c.settings,
    ),
};

const CONTACT = {
  firstName: "Naledi",
  lastName: "Mokoena",
  email: SHOPPER,
  phone: "082 555 0143",
  subject: "Delivery to Coligny",
  message: "Do you deliver to Coligny on Saturdays?",
};

const CONSULTATION = {
  name: "Naledi Mokoena",
  email: SHOPPER,
  phone: "082 555 0143",
  consultationType: "purchase" as const,
  message: "We are looking for a queen bed for a bad back.",
};

function notice(
  c: Context,
  kind: "booked" | "moved" | "reminder" | "out_for_delivery" | "delivered" | "not_delivered",
) {
  const { day, zoneName } = previewDelivery(c.now);
  const proof =
    kind === "delivered"
      ? previewProof(day, c.now)
      : kind === "not_delivered"
        ? {
            ...previewProof(day, c.now),
            outcome: "not_delivered" as const,
            recipientName: null,
            reason: "nobody_home" as const,
            note: "Gate locked, dog in the yard",
            customerMessage: "I left a card in your post box with our number.",
          }
        : null;
  return deliveryNoticeMail(
    { kind, day, fromDay: kind === "moved" ? addDays(day, -2) : null },
    { order: previewOrder(c.now), zoneName, proof, shop: c.settings, siteUrl: c.siteUrl },
  );
}

function instalment(c: Context) {
  const plan = previewLaybyPlan(c.now);
  const next = plan.instalments[1]!;
  return {
    orderNumber: 1042,
    token: "preview",
    email: SHOPPER,
    firstName: "Naledi",
    number: next.number,
    dueDay: next.dueDay,
    amountCents: next.amountCents,
    paidCents: 0,
  };
}

export type MailPreview = {
  subject: string;
  to: string;
  replyTo: string | null;
  text: string;
  html: string;
  attachments: string[];
};

/** One message as the shop would send it: signed, rendered in the layout, both parts. */
export async function previewMail(key: MailPreviewKey, context: Context): Promise<MailPreview> {
  const message = signedByShop(await BUILDERS[key](context), context.settings);
  return {
    subject: message.subject,
    to: message.to,
    replyTo: message.replyTo ?? null,
    text: message.text,
    html: await messageHtml(message, shopSender(context.settings)),
    attachments: (message.attachments ?? []).map((a) => a.filename),
  };
}
