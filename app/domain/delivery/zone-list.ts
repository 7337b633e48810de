import { defineList } from "~/lib/list-params";

/** A zone is active (checkout matches addresses to it) or inactive. */
export const ZONE_STATUSES = ["active", "inactive"] as const;

/** The delivery zones list: in the order checkout weighs equal matches, 20 to a page. */
export const ZONE_LIST = defineList({
  sorts: ["order", "name", "standardFee", "freeFrom", "expressFee", "leadDays", "status"] as const,
  defaultSort: "order",
  defaultDirection: "asc",
  statuses: ZONE_STATUSES,
  pageSize: 20,
});

/** One row of the zones list, as the page, its edit dialog and the export show it. */
export type ZoneRow = {
  id: number;
  name: string;
  postalCodes: string[];
  towns: string[];
  provinces: string[];
  standardFeeCents: number;
  freeFromCents: number | null;
  expressFeeCents: number | null;
  leadDays: number;
  weekdays: number[];
  dropsPerDay: number;
  active: boolean;
  sortOrder: number;
};
