/** Who reads a message: how Settings > Notifications groups its previews. */
export type MailAudience = "Shoppers" | "Staff" | "Suppliers and buyers";

export type MailPreviewEntry = {
  key: string;
  label: string;
  audience: MailAudience;
  /** When the shop sends it, in a few words. */
  when: string;
};

/** Every e-mail the shop sends, as Settings > Notifications lists them for preview. */
export const MAIL_PREVIEWS = [
  {
    key: "order-confirmation",
    label: "Order confirmation",
    audience: "Shoppers",
    when: "An order is paid (card, instant EFT, PayFlex); its tax invoice is attached.",
  },
  {
    key: "pay-reminder",
    label: "Order awaiting payment",
    audience: "Shoppers",
    when: "An order is still unpaid 15 minutes after it was placed.",
  },
  {
    key: "quoted-order-confirmation",
    label: "Order confirmation, delivery to quote",
    audience: "Shoppers",
    when: "An order to an address outside every delivery zone is placed.",
  },
  {
    key: "layby-confirmation",
    label: "Lay-by confirmation",
    audience: "Shoppers",
    when: "A lay-by is agreed at checkout.",
  },
  {
    key: "payment-receipt",
    label: "Payment receipt",
    audience: "Shoppers",
    when: "A lay-by's last payment is received; its tax invoice is attached.",
  },
  {
    key: "delivery-quote",
    label: "Delivery quote",
    audience: "Shoppers",
    when: "Staff quote a delivery outside every zone.",
  },
  {
    key: "delivery-booked",
    label: "Delivery booked",
    audience: "Shoppers",
    when: "A delivery day is booked.",
  },
  {
    key: "delivery-moved",
    label: "Delivery moved",
    audience: "Shoppers",
    when: "A delivery moves to another day.",
  },
  {
    key: "delivery-reminder",
    label: "Delivery tomorrow",
    audience: "Shoppers",
    when: "The day before delivery, from 08:00.",
  },
  {
    key: "delivery-on-the-way",
    label: "Out for delivery",
    audience: "Shoppers",
    when: "The driver starts the run.",
  },
  {
    key: "delivery-delivered",
    label: "Delivered",
    audience: "Shoppers",
    when: "The driver records the delivery.",
  },
  {
    key: "delivery-not-delivered",
    label: "Not delivered",
    audience: "Shoppers",
    when: "The driver could not deliver.",
  },
  {
    key: "instalment-reminder",
    label: "Lay-by payment due",
    audience: "Shoppers",
    when: "Five days before a lay-by payment is due.",
  },
  {
    key: "instalment-missed",
    label: "Lay-by payment overdue",
    audience: "Shoppers",
    when: "The day after a lay-by payment was missed.",
  },
  {
    key: "layby-cancelled",
    label: "Lay-by cancelled",
    audience: "Shoppers",
    when: "A lay-by is cancelled, with the calculation.",
  },
  {
    key: "refund",
    label: "Refund paid",
    audience: "Shoppers",
    when: "A refund is paid back; the credit note is attached.",
  },
  {
    key: "review-invitation",
    label: "Review invitation",
    audience: "Shoppers",
    when: "Days after an order is delivered or completed (Settings > General).",
  },
  {
    key: "review-rejected",
    label: "Review not published",
    audience: "Shoppers",
    when: "Staff reject a review, with the reason.",
  },
  {
    key: "password-reset",
    label: "Password reset",
    audience: "Shoppers",
    when: "Someone asks to reset a password.",
  },
  {
    key: "reset-no-account",
    label: "Password reset, no account",
    audience: "Shoppers",
    when: "Someone asks to reset the password of an address that has no account.",
  },
  {
    key: "verify-email",
    label: "Confirm e-mail address",
    audience: "Shoppers",
    when: "A shopper creates an account.",
  },
  {
    key: "account-exists",
    label: "Account already exists",
    audience: "Shoppers",
    when: "Someone signs up with an address that has an account.",
  },
  {
    key: "newsletter-confirm",
    label: "Newsletter confirmation",
    audience: "Shoppers",
    when: "Someone subscribes to the newsletter.",
  },
  {
    key: "contact-copy",
    label: "Contact message received",
    audience: "Shoppers",
    when: "A signed-in shopper sends the contact form from their verified address (their copy).",
  },
  {
    key: "consultation-copy",
    label: "Consultation request received",
    audience: "Shoppers",
    when: "Someone books a consultation (their copy).",
  },
  {
    key: "new-order",
    label: "New order",
    audience: "Staff",
    when: "An order is placed (New Orders on).",
  },
  {
    key: "order-paid",
    label: "Order paid",
    audience: "Staff",
    when: "An order is paid (Payment Confirmations on).",
  },
  {
    key: "low-stock",
    label: "Low stock",
    audience: "Staff",
    when: "A stock level reaches its threshold (Low Stock Alerts on).",
  },
  {
    key: "weekly-report",
    label: "Weekly report",
    audience: "Staff",
    when: "Mondays from 07:00, last week's figures (Weekly Reports on).",
  },
  {
    key: "contact-message",
    label: "Contact message",
    audience: "Staff",
    when: "Someone sends the contact form.",
  },
  {
    key: "consultation",
    label: "Consultation request",
    audience: "Staff",
    when: "Someone books a consultation.",
  },
  {
    key: "purchase-order",
    label: "Purchase order",
    audience: "Suppliers and buyers",
    when: "Staff send a purchase order; its PDF is attached.",
  },
  {
    key: "invoice",
    label: "Invoice",
    audience: "Suppliers and buyers",
    when: "Staff send a hand-made invoice; its PDF is attached.",
  },
] as const satisfies readonly MailPreviewEntry[];

export type MailPreviewKey = (typeof MAIL_PREVIEWS)[number]["key"];

export function isMailPreviewKey(key: string): key is MailPreviewKey {
  return MAIL_PREVIEWS.some((p) => p.key === key);
}
