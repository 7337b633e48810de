import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ProductForm } from "~/components/admin/product-form";
import { productFormOptions } from "~/domain/catalog/get-product-form.server";
import { saveProductFromForm } from "./product-form-action.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/product-new";

export const meta: Route.MetaFunction = () => [{ title: "Add New Product | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return productFormOptions();
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  return saveProductFromForm(await readForm(request), actor);
}

export default function NewProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Products
      </Link>
      <h1 className="text-2xl font-bold">Add New Product</h1>
      <ProductForm options={loaderData} pageResult={actionData} afterSave="/admin/products" />
    </div>
  );
}
