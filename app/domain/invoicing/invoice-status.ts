export const INVOICE_STATUSES = ["draft", "sent", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the list filters and shows: the stored statuses and overdue (sent, due date passed). */
export const INVOICE_LIST_STATUSES = ["draft", "sent", "paid", "overdue", "cancelled"] as const;
export type InvoiceListStatus = (typeof INVOICE_LIST_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceListStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

/** A sent invoice whose due date is before today (in the shop's time zone) is overdue. */
export function shownInvoiceStatus(
  invoice: { status: InvoiceStatus; dueDate: string | null },
  today: string,
): InvoiceListStatus {
  if (invoice.status === "sent" && invoice.dueDate !== null && invoice.dueDate < today) {
    return "overdue";
  }
  return invoice.status;
}
