import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PurchaseOrderForm } from "~/components/admin/purchase-orders/purchase-order-form";
import { purchaseOrderFormOptions } from "~/domain/purchasing/purchase-order-form-options.server";
import { createPurchaseOrder } from "~/domain/purchasing/purchase-order-save.server";
import { purchaseOrderFormSchema } from "~/domain/purchasing/purchase-order-schemas";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/purchase-order-new";

export const meta: Route.MetaFunction = () => [{ title: "New Purchase Order | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return purchaseOrderFormOptions();
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const parsed = parseForm(purchaseOrderFormSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const created = await createPurchaseOrder({ input: parsed.data, actor });
    return {
      ...succeeded(
        "Purchase Order Created",
        parsed.data.submit
          ? `${created.poNumber} is submitted for approval.`
          : `${created.poNumber} is saved as a draft.`,
      ),
      to: `/admin/purchase-orders/${created.id}`,
    };
  });
}

export default function NewPurchaseOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/admin/purchase-orders"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Purchase Orders
      </Link>
      <h1 className="text-2xl font-bold">New Purchase Order</h1>
      <PurchaseOrderForm
        mode="create"
        suppliers={loaderData.suppliers}
        today={loaderData.today}
        pageResult={actionData}
      />
    </div>
  );
}
