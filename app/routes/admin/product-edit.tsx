import { ArrowLeft, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { ProductForm } from "~/components/admin/product-form";
import { StatusBadge } from "~/components/admin/status-badge";
import { loaded } from "~/lib/actions.server";
import { getAdminProduct, productFormOptions } from "~/domain/catalog/get-product-form.server";
import { saveProductFromForm } from "./product-form-action.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { idParam, readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/product-edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Edit ${data?.product.title ?? "Product"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = idParam(params.id);
  const [found, options] = await loaded(() =>
    Promise.all([getAdminProduct(id), productFormOptions()]),
  );
  return { ...found, options };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  return saveProductFromForm(await readForm(request), actor, idParam(params.id));
}

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variants, images, options } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Products
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Edit Product</h1>
        <StatusBadge status={product.status} />
        {product.status === "active" && (
          <a
            href={`/products/${product.slug}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
          >
            /products/{product.slug} <ExternalLink className="size-3" aria-hidden />
          </a>
        )}
      </div>
      <ProductForm
        options={options}
        product={product}
        variants={variants}
        images={images}
        pageResult={actionData}
        afterSave="/admin/products"
      />
    </div>
  );
}
