import { ListTabs } from "~/components/admin/list/list-tabs";

/**
 * The Deliveries section's pages: the day view, the orders to book, quotes to give, the zones,
 * and the driver's run today.
 */
export function DeliveryTabs({ toBook = 0, quotes = 0 }: { toBook?: number; quotes?: number }) {
  return (
    <ListTabs
      label="Deliveries"
      tabs={[
        { to: "/admin/deliveries", label: "Day", end: true },
        { to: "/admin/deliveries/to-book", label: "To book", count: toBook, countLabel: "to book" },
        {
          to: "/admin/deliveries/quotes",
          label: "Quotes to give",
          count: quotes,
          countLabel: "to quote",
        },
        { to: "/admin/delivery-zones", label: "Zones" },
        { to: "/admin/deliveries/my-run", label: "My run" },
      ]}
    />
  );
}
