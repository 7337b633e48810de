import { useBookingToasts } from "~/components/admin/delivery/booking-dialog";
import { toBookColumns } from "~/components/admin/delivery/delivery-columns";
import { DeliveryTabs } from "~/components/admin/delivery/delivery-tabs";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { listOrdersToBook } from "~/domain/delivery/orders-to-book.server";
import { TO_BOOK_LIST } from "~/domain/delivery/to-book-list";
import { readListParams } from "~/lib/list-params";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { deliveryAction } from "./delivery-action.server";
import type { Route } from "./+types/deliveries-to-book";

export const meta: Route.MetaFunction = () => [{ title: "Deliveries to Book | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(TO_BOOK_LIST, readSearchParams(request));
  return { params, ...(await listOrdersToBook({ params })) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  return deliveryAction({ intent: formData.get("intent"), formData, actor });
}

export default function DeliveriesToBookPage({ loaderData: d }: Route.ComponentProps) {
  useBookingToasts();
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Deliveries</p>
          <h1 className="text-2xl font-bold">Orders to Book</h1>
          <p className="text-muted-foreground">
            Paid orders (and lay-bys paid in full) with no delivery day yet, oldest payment first.
            An address outside every zone has its delivery quoted.
          </p>
        </div>
        <DeliveryTabs toBook={d.total} />
      </div>
      <ListCard
        title="To book"
        noun="orders"
        spec={TO_BOOK_LIST}
        params={d.params}
        page={d}
        columns={toBookColumns(d.choices)}
        rowKey={(r) => r.orderNumber}
        rowTestId="to-book-row"
        toolbar={{
          searchLabel: "Search orders to book",
          placeholder: "Search by order number, name or e-mail...",
        }}
        empty={
          <ListEmpty
            title="Nothing to book"
            description={
              d.params.q
                ? "No order to book matches this search."
                : "Every paid order has its delivery day."
            }
          />
        }
      />
    </div>
  );
}
