import { defineList, readListParams } from "~/lib/list-params";

/** A zone's deliveries on the day view: by order number, all on one page (a day's drops). */
export const DAY_VIEW_LIST = defineList({
  sorts: ["number"] as const,
  defaultSort: "number",
  defaultDirection: "asc",
  statuses: [] as const,
  pageSize: 500,
});

export const DAY_VIEW_PARAMS = readListParams(DAY_VIEW_LIST, new URLSearchParams());
