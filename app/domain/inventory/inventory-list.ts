import { defineList } from "~/lib/list-params";
import { STOCK_STATUS_LABELS, STOCK_STATUSES } from "./stock-status";

/**
 * The inventory page's list: one row per stock level (a variant in a warehouse), by SKU, 25 to
 * a page; filtered by status and by warehouse (`?warehouse=<id>`).
 */
export const INVENTORY_LIST = defineList({
  sorts: [
    "sku",
    "product",
    "warehouse",
    "onhand",
    "reserved",
    "available",
    "threshold",
    "status",
  ] as const,
  defaultSort: "sku",
  defaultDirection: "asc",
  statuses: STOCK_STATUSES,
  pageSize: 25,
  filters: ["warehouse"] as const,
});

/** The status filter's choices, as the table shows them. */
export const STOCK_STATUS_CHOICES = STOCK_STATUSES.map((value) => ({
  value,
  label: STOCK_STATUS_LABELS[value],
}));
