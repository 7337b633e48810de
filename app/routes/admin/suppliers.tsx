import { CheckCircle2, ClipboardList, Clock, Truck } from "lucide-react";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { AddSupplierDialog } from "~/components/admin/suppliers/supplier-dialogs";
import {
  SUPPLIER_COLUMNS,
  useSupplierStatusToasts,
} from "~/components/admin/suppliers/supplier-columns";
import { SUPPLIER_LIST } from "~/domain/purchasing/supplier-list";
import { supplierSchema } from "~/domain/purchasing/supplier-schemas";
import { listSuppliers } from "~/domain/purchasing/suppliers-list.server";
import {
  createSupplier,
  setSupplierActive,
  updateSupplier,
} from "~/domain/purchasing/suppliers.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseDbId } from "~/lib/db-ids";
import { parseForm } from "~/lib/forms";
import { readListParams, statusChoices } from "~/lib/list-params";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/suppliers";

export const meta: Route.MetaFunction = () => [{ title: "Suppliers | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(SUPPLIER_LIST, readSearchParams(request));
  return { params, ...(await listSuppliers({ params })) };
}

const INTENTS = new Set(["create", "update", "deactivate", "reactivate"]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const id = parseDbId(formData.get("id"));
  if (!INTENTS.has(intent) || (intent !== "create" && id === null)) {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  if (intent === "deactivate" || intent === "reactivate") {
    const active = intent === "reactivate";
    return attempt(formData, async () => {
      const { supplier } = await setSupplierActive({ id: id!, active, actor });
      return active
        ? succeeded("Supplier Reactivated", `${supplier.name} can be ordered from again.`)
        : succeeded(
            "Supplier Deactivated",
            `${supplier.name} gets no new purchase orders; orders already placed go on as they are.`,
          );
    });
  }
  const parsed = parseForm(supplierSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    if (intent === "create") {
      const supplier = await createSupplier({ input: parsed.data, actor });
      return succeeded("Supplier Added", `${supplier.name} has been added to your suppliers.`);
    }
    const { supplier, changed } = await updateSupplier({ id: id!, input: parsed.data, actor });
    return succeeded(
      "Supplier Updated",
      changed ? `${supplier.name}'s details are saved.` : "Nothing had changed.",
    );
  });
}

export default function SuppliersPage({ loaderData: d }: Route.ComponentProps) {
  useSupplierStatusToasts();
  const { summary } = d;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Suppliers</h1>
          <p className="text-muted-foreground">
            Who the shop buys from, how to reach them and how long they take to deliver.
          </p>
        </div>
        <AddSupplierDialog />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Total Suppliers" value={summary.total} icon={Truck} />
        <StatCard
          index={1}
          title="Active Suppliers"
          value={summary.active}
          note={`${summary.total - summary.active} inactive`}
          icon={CheckCircle2}
        />
        <StatCard
          index={2}
          title="Active Orders"
          value={summary.activeOrders}
          note="Pending, approved or in transit"
          icon={ClipboardList}
        />
        <StatCard
          index={3}
          title="Average Lead Time"
          value={
            summary.averageLeadTimeDays === null ? "N/A" : `${summary.averageLeadTimeDays} days`
          }
          note="Of active suppliers"
          icon={Clock}
        />
      </div>
      <ListCard
        title="Suppliers"
        noun="suppliers"
        spec={SUPPLIER_LIST}
        params={d.params}
        page={d}
        columns={SUPPLIER_COLUMNS}
        rowKey={(s) => s.id}
        rowTestId="supplier-row"
        toolbar={{
          searchLabel: "Search suppliers",
          placeholder: "Search by name, contact or e-mail...",
          statusOptions: statusChoices(SUPPLIER_LIST.statuses),
          exportTo: "/admin/suppliers/export",
        }}
        empty={
          <ListEmpty
            title="No suppliers found"
            description={
              d.params.q || d.params.status !== "all"
                ? "No supplier matches this search or filter."
                : "Add your first supplier to start ordering stock."
            }
          />
        }
      />
    </div>
  );
}
