import { defineList } from "~/lib/list-params";
import { ORDER_STATUSES } from "./order-status";

/** The back office's orders list: what it sorts by and filters on, 20 to a page. */
export const ORDER_LIST = defineList({
  sorts: ["date", "number", "customer", "total"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: ORDER_STATUSES,
  pageSize: 20,
});
