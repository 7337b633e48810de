import { defineList } from "~/lib/list-params";
import type { PaymentStatus } from "~/domain/orders/payment-status";
import type { OrderStage as OrderStatus } from "~/domain/orders/order-lifecycle";

/** Paid orders waiting for a delivery day: oldest payment first, 20 to a page. */
export const TO_BOOK_LIST = defineList({
  sorts: ["paid", "number", "total"] as const,
  defaultSort: "paid",
  defaultDirection: "asc",
  statuses: [] as const,
  pageSize: 20,
});

/** One order to book, with the zone its address matches today (null: outside every zone). */
export type ToBookRow = {
  orderNumber: number;
  customer: string;
  town: string;
  suburb: string;
  postalCode: string;
  items: number;
  deliveryMethod: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalCents: number;
  paidAt: string | null;
  zoneId: number | null;
  zoneName: string | null;
  /** The key of its zone's day choice on the page (`choiceKey`), or null. */
  choice: string | null;
  /**
   * Quoted for our own truck and outside every zone: the keys of each active zone's standard
   * choice, for staff to choose the round that takes it; else null.
   */
  zoneChoices: string[] | null;
};
