import { defineList } from "~/lib/list-params";
import type { PeriodState } from "./promotion-period";
import type { PromotionKind } from "./promotion-value";

/**
 * The status filter's choices, each the rows that show that badge: Active or Inactive (the
 * switch), Scheduled or Expired (its dates). A code that is switched on but has ended shows,
 * and is found, as both Active and Expired.
 */
export const PROMOTION_STATUSES = ["active", "inactive", "scheduled", "expired"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** The promotions list: by code, A to Z, 20 to a page. */
export const PROMOTION_LIST = defineList({
  sorts: ["code", "description", "type", "value", "period", "usage", "status"] as const,
  defaultSort: "code",
  defaultDirection: "asc",
  statuses: PROMOTION_STATUSES,
  pageSize: 20,
});

/** One row of the promotions list, as the page, its edit dialog and the export show it. */
export type PromotionRow = {
  id: number;
  code: string;
  description: string;
  kind: PromotionKind;
  /** Percent, or cents for a fixed amount. */
  value: number;
  /** The least the qualifying goods must come to, in cents; 0: no minimum. */
  minSubtotalCents: number;
  oncePerCustomer: boolean;
  /** The goods it is limited to; both empty: the whole cart. */
  categories: { id: number; name: string }[];
  products: { id: number; title: string }[];
  usageLimit: number | null;
  usedCount: number;
  /** Shop days (YYYY-MM-DD), both included; null for from any time, or no end. */
  startDay: string | null;
  endDay: string | null;
  active: boolean;
  /** By its dates, now: running, scheduled or expired. */
  period: PeriodState;
};
