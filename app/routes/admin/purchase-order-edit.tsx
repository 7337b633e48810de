import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { PurchaseOrderForm } from "~/components/admin/purchase-orders/purchase-order-form";
import { purchaseOrderFormOptions } from "~/domain/purchasing/purchase-order-form-options.server";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-order-get.server";
import { updatePurchaseOrderDraft } from "~/domain/purchasing/purchase-order-save.server";
import { purchaseOrderFormSchema } from "~/domain/purchasing/purchase-order-schemas";
import { canEditPurchaseOrder } from "~/domain/purchasing/purchase-order-status";
import { attempt, invalid, loaded, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { idParam, readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { amountInputValue } from "~/lib/money";
import type { Route } from "./+types/purchase-order-edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Edit ${data?.order.poNumber ?? "Purchase Order"} | Admin` },
];

/** /admin/purchase-orders/:id/edit: a draft's supplier, dates, notes and lines. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = idParam(params.id);
  const [detail, options] = await Promise.all([
    loaded(() => getPurchaseOrder({ id })),
    purchaseOrderFormOptions(),
  ]);
  if (!canEditPurchaseOrder(detail.order.status)) {
    throw data(`${detail.order.poNumber} is no longer a draft: its lines cannot be changed.`, {
      status: 409,
    });
  }
  const { order, lines } = detail;
  // An inactive supplier stays choosable on its own draft (saving then says it is inactive).
  const suppliers = options.suppliers.some((s) => s.id === order.supplier.id)
    ? options.suppliers
    : [...options.suppliers, order.supplier];
  return {
    order: { id: order.id, poNumber: order.poNumber },
    suppliers,
    today: options.today,
    initial: {
      supplierId: String(order.supplier.id),
      expectedDate: order.expectedDate ?? "",
      notes: order.notes,
      lines: lines.map((l) => ({
        sku: l.sku,
        quantity: String(l.ordered),
        unitCost: amountInputValue(l.unitCostCents),
        label: `${l.title} · ${l.size}`,
      })),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const id = idParam(params.id);
  const formData = await readForm(request);
  const parsed = parseForm(purchaseOrderFormSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const saved = await updatePurchaseOrderDraft({ id, input: parsed.data, actor });
    return {
      ...succeeded(
        "Purchase Order Updated",
        parsed.data.submit
          ? `${saved.poNumber} is saved and submitted for approval.`
          : `${saved.poNumber} is saved.`,
      ),
      to: `/admin/purchase-orders/${id}`,
    };
  });
}

export default function EditPurchaseOrderPage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to={`/admin/purchase-orders/${d.order.id}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {d.order.poNumber}
      </Link>
      <h1 className="text-2xl font-bold">Edit {d.order.poNumber}</h1>
      <PurchaseOrderForm
        mode="edit"
        suppliers={d.suppliers}
        today={d.today}
        initial={d.initial}
        pageResult={actionData}
      />
    </div>
  );
}
