import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AdjustStockDialog } from "~/components/admin/inventory/adjust-stock-dialog";
import { MovementHistoryCard } from "~/components/admin/inventory/movement-history-card";
import { StockLevelsCard } from "~/components/admin/inventory/stock-levels-card";
import { StatusBadge } from "~/components/admin/status-badge";
import { Card, CardContent } from "~/components/admin/ui/card";
import { getStockCard } from "~/domain/inventory/get-stock-card.server";
import { listActiveWarehouses } from "~/domain/inventory/list-inventory.server";
import { setLowStockThreshold } from "~/domain/inventory/set-low-stock-threshold.server";
import { MOVEMENT_HISTORY } from "~/domain/inventory/stock-card";
import { lowStockThresholdSchema } from "~/domain/inventory/stock-schemas";
import { attempt, invalid, loaded, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { idParam, readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inventory-item";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${data.variant.sku}: stock` : "Stock"} | Admin` },
];

/** /admin/inventory/:variantId: a variant's stock card. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const variantId = idParam(params.variantId);
  const history = readListParams(MOVEMENT_HISTORY, readSearchParams(request));
  const [card, warehouses] = await Promise.all([
    loaded(() => getStockCard({ variantId, params: history })),
    listActiveWarehouses(),
  ]);
  return { ...card, params: history, warehouses };
}

/** A level's threshold form posts here; adjusting stock posts to /admin/inventory. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const variantId = idParam(params.variantId);
  const formData = await readForm(request);
  if (formData.get("intent") !== "threshold") {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  const parsed = parseForm(lowStockThresholdSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const result = await setLowStockThreshold({ variantId, ...parsed.data, actor });
    return succeeded(
      "Threshold Saved",
      result.changed
        ? `${result.warehouse} shows Low Stock at ${result.threshold} or fewer available.`
        : "Nothing had changed.",
    );
  });
}

export default function StockCardPage({ loaderData: d }: Route.ComponentProps) {
  const { variant } = d;
  const name = `${variant.title}, ${variant.sizeLabel}`;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link
        to="/admin/inventory"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Inventory
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{name}</h1>
          <p className="font-mono text-sm text-muted-foreground">{variant.sku}</p>
        </div>
        <AdjustStockDialog warehouses={d.warehouses} preset={{ sku: variant.sku, label: name }} />
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-4">
          <Detail label="Product">
            <Link
              to={`/admin/products/${variant.productId}`}
              className="text-primary hover:underline"
            >
              {variant.title}
            </Link>
          </Detail>
          <Detail label="Size">{variant.sizeLabel}</Detail>
          <Detail label="Cost">
            {variant.costCents === null
              ? "No cost yet"
              : formatMoney(variant.costCents, { cents: true })}
          </Detail>
          <Detail label="Product status">
            <StatusBadge status={variant.productStatus} />
          </Detail>
        </CardContent>
      </Card>
      <StockLevelsCard levels={d.levels} />
      <MovementHistoryCard history={d.history} params={d.params} />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="text-sm text-muted-foreground">{label}</p>
      <div className="mt-1 font-medium">{children}</div>
    </div>
  );
}
