import { AlertCircle, CheckCircle2, DollarSign, Package, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { ListCard } from "~/components/admin/list/list-card";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/admin/ui/button";
import { attempt, refused, succeeded } from "~/lib/actions.server";
import { deleteProduct } from "~/domain/catalog/delete-product.server";
import { listAdminProducts } from "~/domain/catalog/list-products.server";
import { PRODUCT_LIST } from "~/domain/catalog/product-list";
import { requireStaff } from "~/lib/staff-gate.server";
import type { FormActionResult } from "~/lib/forms";
import { readListParams, statusChoices } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { notify } from "~/lib/notify";
import { parseDbId } from "~/lib/db-ids";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(PRODUCT_LIST, readSearchParams(request));
  return { params, ...(await listAdminProducts(params)) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const id = parseDbId(formData.get("id"));
  if (formData.get("intent") !== "delete" || id === null) {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  return attempt(formData, async () => {
    const result = await deleteProduct({ id, actor });
    return result.outcome === "deleted"
      ? succeeded("Product Deleted", "Product has been removed from inventory.")
      : succeeded(
          "Product Archived",
          `${result.title} has orders, so it was archived instead of deleted: it has left the shop and its orders keep their lines.`,
        );
  });
}

const money = (cents: number | null) =>
  cents === null ? "N/A" : formatMoney(cents, { cents: true });

export default function ProductsPage({ loaderData: d }: Route.ComponentProps) {
  useDeleteToasts();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Products</h1>
          <p className="text-muted-foreground">
            The catalogue: what the shop sells, its sizes and prices.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/products/new">
            <Plus /> Add Product
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Total Products" value={d.summary.total} icon={Package} />
        <StatCard
          index={1}
          title="Total Value"
          value={money(d.summary.totalValueCents)}
          note="Sum of base prices"
          icon={DollarSign}
        />
        <StatCard index={2} title="Active" value={d.summary.active} icon={CheckCircle2} />
        <StatCard
          index={3}
          title="Draft"
          value={d.summary.draft}
          note={`${d.summary.needAttention} need attention`}
          icon={AlertCircle}
        />
      </div>
      <ListCard
        title="Products"
        noun="products"
        spec={PRODUCT_LIST}
        params={d.params}
        page={d}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        rowTestId="product-row"
        toolbar={{
          searchLabel: "Search products",
          placeholder: "Search by title or SKU...",
          statusOptions: statusChoices(PRODUCT_LIST.statuses),
          exportTo: "/admin/products/export",
        }}
        empty={
          <ListEmpty
            title="No products found"
            description="Add your first product to get started"
          />
        }
      />
    </div>
  );
}

type ProductRow = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ListColumn<ProductRow>[] = [
  {
    key: "sku",
    header: "SKU",
    className: "font-mono text-xs",
    cell: (p) => (
      <>
        {p.skus[0] ?? "N/A"}
        {p.skus.length > 1 && <span className="text-muted-foreground"> +{p.skus.length - 1}</span>}
      </>
    ),
  },
  {
    key: "name",
    header: "Product Name",
    sortable: true,
    className: "font-medium",
    cell: (p) => p.title,
  },
  { key: "category", header: "Category", sortable: true, cell: (p) => p.category },
  {
    key: "description",
    header: "Description",
    cell: (p) => (
      <p className="max-w-[200px] truncate text-muted-foreground" title={p.description}>
        {p.description}
      </p>
    ),
  },
  { key: "price", header: "Price", sortable: true, cell: (p) => money(p.priceCents) },
  { key: "cost", header: "Cost", cell: (p) => money(p.costCents) },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (p) => <StatusBadge status={p.status} />,
  },
  {
    key: "actions",
    header: "Actions",
    className: "text-right",
    cell: (p) => (
      <ListRowActions>
        <Button asChild variant="ghost" size="sm" aria-label={`Edit ${p.title}`}>
          <Link to={`/admin/products/${p.id}`}>
            <Pencil />
          </Link>
        </Button>
        <DeleteProductButton id={p.id} title={p.title} />
      </ListRowActions>
    ),
  },
];

const DELETE_FETCHER = "delete-product";

/** Toasts the outcome of a delete; lives on the page because the deleted row unmounts. */
function useDeleteToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: DELETE_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) {
      // The specification shows "Product Deleted" in the destructive style.
      const show = r.message.title === "Product Deleted" ? notify.error : notify.success;
      show(r.message.title, { description: r.message.description });
    } else {
      notify.error(r.alert.title, { description: r.alert.description });
    }
  }, [fetcher.state, fetcher.data]);
}

function DeleteProductButton({ id, title }: { id: number; title: string }) {
  const fetcher = useFetcher<FormActionResult>({ key: DELETE_FETCHER });
  return (
    <fetcher.Form
      method="post"
      action="/admin/products"
      onSubmit={(event) => {
        if (!window.confirm(`Are you sure you want to delete ${title}?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={`Delete ${title}`}
        disabled={fetcher.state !== "idle"}
      >
        <Trash2 className="text-destructive" />
      </Button>
    </fetcher.Form>
  );
}
