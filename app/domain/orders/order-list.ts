import { defineList } from "~/lib/list-params";
import { ORDER_STAGES } from "./order-lifecycle";

/**
 * The back office's orders list: what it sorts by and filters on, 20 to a page. Besides the
 * stage, `?refund=owed` keeps the orders the shop owes money back on.
 */
export const ORDER_LIST = defineList({
  sorts: ["date", "number", "customer", "total"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: ORDER_STAGES,
  pageSize: 20,
  filters: ["refund"] as const,
});

/** The refund filter's one value: orders with a refund not yet paid back. */
export const MONEY_OWED_BACK = "owed";

/** Whether the URL's refund filter asks for the orders owed money back (else no filter). */
export const wantsMoneyOwedBack = (value: string | undefined) => value === MONEY_OWED_BACK;
