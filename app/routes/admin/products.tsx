import {
  AlertCircle,
  CheckCircle2,
  DollarSign,
  Package,
  Pencil,
  Plus,
  Search,
  Trash2,
} from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useFetcher } from "react-router";
import { StatCard } from "~/components/admin/stat-card";
import { StatusBadge } from "~/components/admin/status-badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { Input } from "~/components/admin/ui/input";
import { attempt, refused, succeeded } from "~/lib/actions.server";
import { deleteProduct } from "~/domain/catalog/delete-product.server";
import { listAdminProducts } from "~/domain/catalog/list-products.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { notify } from "~/lib/notify";
import { parseDbId } from "~/lib/db-ids";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const q = readSearchParams(request).get("q") ?? "";
  return listAdminProducts({ q });
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
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
          <CardTitle>Products ({d.products.length})</CardTitle>
          <Form method="get" role="search" className="relative w-full max-w-sm">
            <Search
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              name="q"
              type="search"
              defaultValue={d.q}
              placeholder="Search by title or SKU..."
              aria-label="Search products"
              className="pl-9"
            />
          </Form>
        </CardHeader>
        <CardContent>
          {d.products.length === 0 ? (
            <div className="py-12 text-center">
              <Package className="mx-auto size-10 text-muted-foreground" aria-hidden />
              <p className="mt-3 font-medium">No products found</p>
              <p className="text-sm text-muted-foreground">Add your first product to get started</p>
            </div>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>SKU</TableHead>
                  <TableHead>Product Name</TableHead>
                  <TableHead>Category</TableHead>
                  <TableHead>Description</TableHead>
                  <TableHead>Price</TableHead>
                  <TableHead>Cost</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.products.map((p) => (
                  <TableRow key={p.id} data-testid="product-row">
                    <TableCell className="font-mono text-xs">
                      {p.skus[0] ?? "N/A"}
                      {p.skus.length > 1 && (
                        <span className="text-muted-foreground"> +{p.skus.length - 1}</span>
                      )}
                    </TableCell>
                    <TableCell className="font-medium">{p.title}</TableCell>
                    <TableCell>{p.category}</TableCell>
                    <TableCell>
                      <p
                        className="max-w-[200px] truncate text-muted-foreground"
                        title={p.description}
                      >
                        {p.description}
                      </p>
                    </TableCell>
                    <TableCell>{money(p.priceCents)}</TableCell>
                    <TableCell>{money(p.costCents)}</TableCell>
                    <TableCell>
                      <StatusBadge status={p.status} />
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="sm" aria-label={`Edit ${p.title}`}>
                          <Link to={`/admin/products/${p.id}`}>
                            <Pencil />
                          </Link>
                        </Button>
                        <DeleteProductButton id={p.id} title={p.title} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

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
