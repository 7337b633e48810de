import { defineList } from "~/lib/list-params";

export const PRODUCT_STATUSES = ["active", "draft", "archived"] as const;

/** The back office's products list: what it sorts by and filters on, 20 to a page. */
export const PRODUCT_LIST = defineList({
  sorts: ["created", "name", "category", "price", "status"] as const,
  defaultSort: "created",
  defaultDirection: "desc",
  statuses: PRODUCT_STATUSES,
  pageSize: 20,
});
