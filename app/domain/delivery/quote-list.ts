import { defineList } from "~/lib/list-params";
import type { ProvinceCode } from "~/lib/provinces";

/** Orders awaiting a delivery quote: oldest first, 20 to a page (docs/decisions/041). */
export const QUOTE_LIST = defineList({
  sorts: ["placed", "number", "total"] as const,
  defaultSort: "placed",
  defaultDirection: "asc",
  statuses: [] as const,
  pageSize: 20,
});

/** One order whose delivery staff have still to quote. */
export type QuoteRow = {
  orderNumber: number;
  customer: string;
  town: string;
  suburb: string;
  province: ProvinceCode | null;
  postalCode: string;
  items: number;
  deliveryMethod: string;
  /** The goods' total (delivery is added by the quote). */
  totalCents: number;
  placedAt: string;
};
