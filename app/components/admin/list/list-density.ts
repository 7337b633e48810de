import { createContext, useContext } from "react";

/**
 * How tightly a list's rows are packed: "comfortable" (the default) or "compact" (a staff
 * member's Compact mode, Settings > Appearance). The admin layout provides the staff member's
 * choice; a list may still set its own with ListTable's `density`.
 */
export type ListDensity = "comfortable" | "compact";

export const ListDensityContext = createContext<ListDensity>("comfortable");

export function useListDensity(own?: ListDensity): ListDensity {
  const chosen = useContext(ListDensityContext);
  return own ?? chosen;
}

/** The cells' and headers' classes for a density. */
export const DENSITY_CLASSES: Record<ListDensity, { head: string; cell: string }> = {
  comfortable: { head: "", cell: "" },
  compact: { head: "h-8 px-1.5", cell: "px-1.5 py-1" },
};
