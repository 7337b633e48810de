import { defineList } from "~/lib/list-params";
import { ORDER_STAGES } from "./order-lifecycle";

/** The back office's orders list: what it sorts by and filters on, 20 to a page. */
export const ORDER_LIST = defineList({
  sorts: ["date", "number", "customer", "total"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: ORDER_STAGES,
  pageSize: 20,
});
