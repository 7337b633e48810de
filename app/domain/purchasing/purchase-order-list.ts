import { defineList } from "~/lib/list-params";
import { PURCHASE_ORDER_STATUSES, PURCHASE_ORDER_STATUS_LABELS } from "./purchase-order-status";

/** The back office's purchase orders list: newest number first, 20 to a page. */
export const PURCHASE_ORDER_LIST = defineList({
  sorts: ["number", "supplier", "orderDate", "expectedDate"] as const,
  defaultSort: "number",
  defaultDirection: "desc",
  statuses: PURCHASE_ORDER_STATUSES,
  pageSize: 20,
});

/** The status filter's choices, as staff read the statuses ("In transit"). */
export const PURCHASE_ORDER_STATUS_CHOICES = PURCHASE_ORDER_STATUSES.map((value) => ({
  value,
  label: PURCHASE_ORDER_STATUS_LABELS[value],
}));
