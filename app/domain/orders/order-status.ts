export type OrderStatus = "pending" | "processing" | "completed" | "cancelled";
export const ORDER_STATUSES: OrderStatus[] = ["pending", "processing", "completed", "cancelled"];

/** The moves staff may make: pending -> processing -> completed; pending or processing -> cancelled. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

export function allowedNextStatuses(from: OrderStatus): OrderStatus[] {
  return NEXT[from];
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}
