import { countBookingsOfDay } from "~/domain/delivery/delivery-day-view.server";
import { countOrdersToBook } from "~/domain/delivery/delivery-day-page.server";
import { countFailedVisitsOfDay } from "~/domain/delivery/failed-visits.server";
import { countQuotesToGive } from "~/domain/delivery/list-quotes-to-give.server";
import { INVENTORY_LIST } from "~/domain/inventory/inventory-list";
import { countInventoryLevels } from "~/domain/inventory/list-inventory.server";
import { ENQUIRY_LIST } from "~/domain/leads/enquiry-lists";
import { countEnquiries } from "~/domain/leads/list-enquiries.server";
import { countAdminOrders } from "~/domain/orders/list-orders.server";
import { MONEY_OWED_BACK, ORDER_LIST } from "~/domain/orders/order-list";
import { countReviews } from "~/domain/reviews/list-reviews.server";
import { REVIEW_LIST } from "~/domain/reviews/review-list";
import { shopToday } from "~/lib/dates";
import { listQuery, readListParams, type ListSpec } from "~/lib/list-params";

/** What the dashboard's Today board counts, in the order it shows them. */
export const TODAY_ITEMS = [
  "toBook",
  "quotes",
  "deliveries",
  "missed",
  "owedBack",
  "reviews",
  "consultations",
  "messages",
  "lowStock",
] as const;
export type TodayItem = (typeof TODAY_ITEMS)[number];

/** One count on the board and the list that shows exactly what it counts. */
export type TodayCount = { item: TodayItem; count: number; to: string };

/** A list-kit list opened with one filter: its address and the parameters it reads back. */
function filteredList<Sort extends string, Status extends string>(
  path: string,
  spec: ListSpec<Sort, Status>,
  changes: Parameters<typeof listQuery>[1],
) {
  const query = listQuery(spec, changes);
  return { to: `${path}${query}`, params: readListParams(spec, new URLSearchParams(query)) };
}

/**
 * The dashboard's Today board: what waits for staff on the shop's day, each count worked out in
 * the database with the condition of the list its link opens (the same parameters, read back
 * from the link's query), so the list shows exactly that many rows.
 */
export async function todayBoard(now = new Date()): Promise<{ day: string; counts: TodayCount[] }> {
  const day = shopToday(now);
  const owedBack = filteredList("/admin/orders", ORDER_LIST, {
    filters: { refund: MONEY_OWED_BACK },
  });
  const reviews = filteredList("/admin/reviews", REVIEW_LIST, { status: "pending" });
  const consultations = filteredList("/admin/enquiries/consultations", ENQUIRY_LIST, {
    status: "new",
  });
  const messages = filteredList("/admin/enquiries/messages", ENQUIRY_LIST, { status: "new" });
  const lowStock = filteredList("/admin/inventory", INVENTORY_LIST, { status: "low_stock" });
  const dayView = `/admin/deliveries?day=${day}`;

  const counted: Record<TodayItem, [Promise<number>, string]> = {
    toBook: [countOrdersToBook(), "/admin/deliveries/to-book"],
    quotes: [countQuotesToGive(), "/admin/deliveries/quotes"],
    deliveries: [countBookingsOfDay({ day }), dayView],
    missed: [countFailedVisitsOfDay({ day }), `${dayView}#not-delivered-heading`],
    owedBack: [countAdminOrders(owedBack.params), owedBack.to],
    reviews: [countReviews(reviews.params), reviews.to],
    consultations: [
      countEnquiries({ kind: "consultation", params: consultations.params }),
      consultations.to,
    ],
    messages: [countEnquiries({ kind: "message", params: messages.params }), messages.to],
    lowStock: [countInventoryLevels(lowStock.params), lowStock.to],
  };
  const counts = await Promise.all(
    TODAY_ITEMS.map(async (item) => {
      const [count, to] = counted[item];
      return { item, count: await count, to };
    }),
  );
  return { day, counts };
}
