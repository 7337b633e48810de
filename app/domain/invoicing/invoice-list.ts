import { defineList } from "~/lib/list-params";
import { INVOICE_LIST_STATUSES, INVOICE_STATUS_LABELS } from "./invoice-status";

/** The back office's invoices list: newest number first, 20 to a page. */
export const INVOICE_LIST = defineList({
  sorts: ["number", "customer", "issueDate", "dueDate", "amount"] as const,
  defaultSort: "number",
  defaultDirection: "desc",
  statuses: INVOICE_LIST_STATUSES,
  pageSize: 20,
});

export const INVOICE_STATUS_CHOICES = INVOICE_LIST_STATUSES.map((value) => ({
  value,
  label: INVOICE_STATUS_LABELS[value],
}));
