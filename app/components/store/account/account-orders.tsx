import type { ComponentProps } from "react";
import { Link } from "react-router";
import { OrderBadges } from "~/components/store/account/order-badges";
import { formatMoney } from "~/lib/money";

type Badges = ComponentProps<typeof OrderBadges>;

export type AccountOrderRow = {
  number: number;
  status: Badges["status"];
  paymentStatus: Badges["paymentStatus"];
  totalCents: number;
  /** ISO date and time. */
  createdAt: string;
  /** Units bought: the lines' quantities added up. */
  items: number;
};

/*
 * In a box narrower than 672 px (a phone) each order is a card: its number and day, the badges,
 * then Items and Total, each with its name shown. The header row stays for screen readers
 * (visually hidden, not removed) and the roles are explicit, so the table and its headers are
 * still read as one when the rows are laid out as cards; the names shown in a card are hidden
 * from screen readers, which have the headers.
 */
const CARD_ROW =
  "@max-2xl:grid @max-2xl:grid-cols-2 @max-2xl:items-center @max-2xl:gap-x-4 @max-2xl:gap-y-2 @max-2xl:rounded-lg @max-2xl:border @max-2xl:p-4";
const CELL = "px-4 py-2 @max-2xl:p-0";
const CARD_NAME = "hidden text-muted-foreground @max-2xl:inline";

const placedOn = (iso: string) =>
  new Date(iso).toLocaleDateString("en-ZA", { timeZone: "Africa/Johannesburg" });

/** The account's orders, newest first: a table on a wide screen, a card per order on a phone. */
export function AccountOrders({ orders }: { orders: AccountOrderRow[] }) {
  return (
    <div className="@container mt-3">
      <div className="rounded-lg border @max-2xl:rounded-none @max-2xl:border-0">
        <table role="table" className="w-full text-left text-sm @max-2xl:block">
          <caption className="sr-only">My orders, newest first</caption>
          <thead role="rowgroup" className="bg-muted @max-2xl:sr-only">
            <tr role="row">
              <th role="columnheader" scope="col" className="px-4 py-2">
                Order
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2">
                Placed
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2">
                Status
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2">
                Items
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody
            role="rowgroup"
            className="divide-y @max-2xl:block @max-2xl:space-y-3 @max-2xl:divide-y-0"
          >
            {orders.map((o) => (
              <tr key={o.number} role="row" className={CARD_ROW} data-testid="account-order">
                <td role="cell" className={CELL}>
                  <Link
                    to={`/account/orders/${o.number}`}
                    className="inline-flex min-h-6 items-center font-medium text-primary underline @max-2xl:min-h-11 @max-2xl:text-base"
                  >
                    Order {o.number}
                  </Link>
                </td>
                <td role="cell" className={`${CELL} @max-2xl:text-right`}>
                  <span aria-hidden className={CARD_NAME}>
                    Placed{" "}
                  </span>
                  {placedOn(o.createdAt)}
                </td>
                <td role="cell" className={`${CELL} @max-2xl:col-span-2`}>
                  <OrderBadges status={o.status} paymentStatus={o.paymentStatus} />
                </td>
                <td role="cell" className={CELL}>
                  <span aria-hidden className={CARD_NAME}>
                    Items{" "}
                  </span>
                  {o.items}
                </td>
                <td role="cell" className={`${CELL} text-right tabular-nums`}>
                  <span aria-hidden className={CARD_NAME}>
                    Total{" "}
                  </span>
                  {formatMoney(o.totalCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
