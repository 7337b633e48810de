/** Where a stock level stands for selling, by what is available (on hand less reserved). */
export const STOCK_STATUSES = ["in_stock", "low_stock", "out_of_stock"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: "In Stock",
  low_stock: "Low Stock",
  out_of_stock: "Out of Stock",
};

/** What can still be sold of a level: on hand less what orders hold, never below zero. */
export function availableStock(level: { onHand: number; reserved: number }): number {
  return Math.max(level.onHand - level.reserved, 0);
}

/**
 * The one rule for a level's status: nothing available is Out of Stock, at or below the
 * low-stock threshold is Low Stock, above it In Stock. The inventory list's filter and sort
 * say the same in SQL (inventory-query.server.ts), and a test holds the two together.
 */
export function stockStatus(level: {
  onHand: number;
  reserved: number;
  lowStockThreshold: number;
}): StockStatus {
  const available = availableStock(level);
  if (available === 0) return "out_of_stock";
  if (available <= level.lowStockThreshold) return "low_stock";
  return "in_stock";
}
