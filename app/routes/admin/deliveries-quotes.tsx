import { quoteColumns } from "~/components/admin/delivery/quote-columns";
import { DeliveryTabs } from "~/components/admin/delivery/delivery-tabs";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { listQuotesToGive } from "~/domain/delivery/list-quotes-to-give.server";
import { QUOTE_LIST } from "~/domain/delivery/quote-list";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/deliveries-quotes";

export const meta: Route.MetaFunction = () => [{ title: "Quotes to Give | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(QUOTE_LIST, readSearchParams(request));
  return { params, ...(await listQuotesToGive({ params })) };
}

export default function DeliveryQuotesPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Deliveries</p>
          <h1 className="text-2xl font-bold">Quotes to Give</h1>
          <p className="text-muted-foreground">
            Orders to an address outside every delivery zone, oldest first: their goods are held and
            nothing is paid until you quote the delivery on the order&apos;s page. The shopper is
            e-mailed the total and a link to pay it.
          </p>
        </div>
        <DeliveryTabs quotes={d.total} />
      </div>
      <ListCard
        title="Quotes to give"
        noun="orders"
        spec={QUOTE_LIST}
        params={d.params}
        page={d}
        columns={quoteColumns()}
        rowKey={(r) => r.orderNumber}
        rowTestId="quote-row"
        toolbar={{
          searchLabel: "Search orders to quote",
          placeholder: "Search by order number, name or e-mail...",
        }}
        empty={
          <ListEmpty
            title="No quotes to give"
            description={
              d.params.q
                ? "No order awaiting a quote matches this search."
                : "Every order has its delivery priced."
            }
          />
        }
      />
    </div>
  );
}
