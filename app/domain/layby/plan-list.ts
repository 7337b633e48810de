import { defineList } from "~/lib/list-params";

export const LAYBY_STATUSES = ["awaiting_deposit", "active", "completed", "cancelled"] as const;
export type LaybyStatus = (typeof LAYBY_STATUSES)[number];

export const LAYBY_STATUS_LABELS: Record<LaybyStatus, string> = {
  awaiting_deposit: "Awaiting deposit",
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The Lay-by tab among orders: plans by next due day (soonest first), 20 to a page. */
export const LAYBY_LIST = defineList({
  sorts: ["due", "number", "customer", "total"] as const,
  defaultSort: "due",
  defaultDirection: "asc",
  statuses: LAYBY_STATUSES,
  pageSize: 20,
});
