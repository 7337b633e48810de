import { defineList } from "~/lib/list-params";

/** A variant's movement history on its stock card: newest first, 20 to a page. */
export const MOVEMENT_HISTORY = defineList({
  sorts: ["date"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: [] as const,
  pageSize: 20,
});

/** How each kind of movement is named in the history and the Adjust Stock dialog. */
export const MOVEMENT_KIND_LABELS = {
  adjustment: "Adjustment",
  purchase_receipt: "Purchase receipt",
  transfer: "Transfer",
  sale: "Sale",
  return: "Return",
} as const;
