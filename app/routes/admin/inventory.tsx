import { AlertTriangle, DollarSign, Eye, Package, PackageX } from "lucide-react";
import { Link } from "react-router";
import { AdjustStockDialog } from "~/components/admin/inventory/adjust-stock-dialog";
import { StockStatusBadge } from "~/components/admin/inventory/stock-status-badge";
import { ListCard } from "~/components/admin/list/list-card";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { WarehousesLink } from "~/components/admin/warehouses/warehouses-link";
import { Button } from "~/components/admin/ui/button";
import { adjustStock } from "~/domain/inventory/adjust-stock.server";
import { INVENTORY_LIST, STOCK_STATUS_CHOICES } from "~/domain/inventory/inventory-list";
import { listActiveWarehouses, listInventory } from "~/domain/inventory/list-inventory.server";
import { adjustStockSchema } from "~/domain/inventory/stock-schemas";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inventory";

export const meta: Route.MetaFunction = () => [{ title: "Inventory | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(INVENTORY_LIST, readSearchParams(request));
  const [list, warehouses] = await Promise.all([listInventory({ params }), listActiveWarehouses()]);
  return { params, warehouses, ...list };
}

/** The Adjust Stock dialog posts here, from this page and from each stock card. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "adjust") {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  const parsed = parseForm(adjustStockSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    await adjustStock({ input: parsed.data, actor });
    return succeeded("Stock Adjusted", "Inventory has been successfully updated.");
  });
}

type InventoryRow = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ListColumn<InventoryRow>[] = [
  {
    key: "sku",
    header: "SKU",
    sortable: true,
    className: "font-mono text-xs whitespace-nowrap",
    cell: (r) => r.sku,
  },
  {
    key: "product",
    header: "Product Name",
    sortable: true,
    cell: (r) => (
      <>
        <span className="font-medium">{r.title}</span>
        <span className="text-muted-foreground">, {r.sizeLabel}</span>
      </>
    ),
  },
  { key: "warehouse", header: "Warehouse", sortable: true, cell: (r) => r.warehouse },
  {
    key: "onhand",
    header: "On Hand",
    sortable: true,
    className: "text-right",
    cell: (r) => r.onHand,
  },
  {
    key: "reserved",
    header: "Reserved",
    sortable: true,
    className: "text-right",
    cell: (r) => r.reserved,
  },
  {
    key: "available",
    header: "Available",
    sortable: true,
    className: "text-right font-medium",
    cell: (r) => r.available,
  },
  {
    key: "threshold",
    header: "Threshold",
    sortable: true,
    className: "text-right",
    cell: (r) => r.lowStockThreshold,
  },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (r) => <StockStatusBadge status={r.status} />,
  },
  {
    key: "view",
    header: "Actions",
    className: "text-right",
    cell: (r) => (
      <ListRowActions>
        {/* A colour of its own: inherited from the row, it would restart its transition on
            every frame of the row's own when the theme changes. */}
        <Button asChild variant="ghost" size="sm" className="text-foreground">
          <Link to={`/admin/inventory/${r.variantId}`} aria-label={`View stock card of ${r.sku}`}>
            <Eye aria-hidden /> View
          </Link>
        </Button>
      </ListRowActions>
    ),
  },
];

export default function InventoryPage({ loaderData: d }: Route.ComponentProps) {
  const s = d.summary;
  const filtered =
    d.params.q !== "" || d.params.status !== "all" || Boolean(d.params.filters?.warehouse);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Inventory</h1>
          <p className="text-muted-foreground">
            Stock of every size in each warehouse: what is on hand, held for orders and free to
            sell.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <WarehousesLink />
          <AdjustStockDialog warehouses={d.warehouses} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          index={0}
          title="Total Items"
          value={formatCount(s.units)}
          note="Units on hand in active warehouses"
          icon={Package}
        />
        <StatCard
          index={1}
          title="Low Stock"
          value={formatCount(s.lowStock)}
          note="Available at or below the threshold"
          icon={AlertTriangle}
        />
        <StatCard
          index={2}
          title="Out of Stock"
          value={formatCount(s.outOfStock)}
          note="Nothing available to sell"
          icon={PackageX}
        />
        <StatCard
          index={3}
          title="Total Value"
          value={formatMoney(s.valueCents, { cents: true })}
          note={
            s.uncosted > 0
              ? `At cost; ${formatCount(s.uncosted)} sizes in stock have no cost and count as R0`
              : "On hand at cost"
          }
          icon={DollarSign}
        />
      </div>
      <ListCard
        title="Stock Levels"
        noun="stock levels"
        spec={INVENTORY_LIST}
        params={d.params}
        page={d}
        columns={COLUMNS}
        rowKey={(r) => `${r.variantId}:${r.warehouseId}`}
        rowTestId="inventory-row"
        toolbar={{
          searchLabel: "Search inventory",
          placeholder: "SKU or product name...",
          statusOptions: STOCK_STATUS_CHOICES,
          filters: [
            {
              name: "warehouse",
              label: "Warehouse",
              allLabel: "All warehouses",
              options: d.warehouses.map((w) => ({ value: String(w.id), label: w.name })),
            },
          ],
          exportTo: "/admin/inventory/export",
        }}
        empty={
          <ListEmpty
            title="No stock found"
            description={
              filtered
                ? "No stock level matches this search and these filters."
                : "Each size of a product gets a stock level when it is added."
            }
          />
        }
      />
    </div>
  );
}
