import { defineList } from "~/lib/list-params";

/** A supplier is active (purchase orders can be made with it) or inactive. */
export const SUPPLIER_STATUSES = ["active", "inactive"] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

/**
 * The purchase order statuses that count as a supplier's active orders: placed with the
 * supplier and not yet received. A draft is not counted: the supplier has not been asked for it.
 */
export const ACTIVE_ORDER_STATUSES = ["pending", "approved", "in_transit"] as const;

/** The suppliers list: by name, A to Z, 20 to a page. */
export const SUPPLIER_LIST = defineList({
  sorts: [
    "name",
    "contact",
    "email",
    "phone",
    "address",
    "leadTime",
    "activeOrders",
    "status",
  ] as const,
  defaultSort: "name",
  defaultDirection: "asc",
  statuses: SUPPLIER_STATUSES,
  pageSize: 20,
});

/** One row of the suppliers list, as the page and the export show it. */
export type SupplierRow = {
  id: number;
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  leadTimeDays: number;
  active: boolean;
  /** Purchase orders in ACTIVE_ORDER_STATUSES. */
  activeOrders: number;
};
