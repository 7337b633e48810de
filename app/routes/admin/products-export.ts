import { requireStaff } from "~/lib/staff-gate.server";
import { exportProducts, PRODUCT_EXPORT_HEADER } from "~/domain/catalog/list-products.server";
import { PRODUCT_LIST } from "~/domain/catalog/product-list";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/products-export";

/** /admin/products/export: the products the list's search and filter show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(PRODUCT_LIST, readSearchParams(request));
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse({
    filename: `products-${day}.csv`,
    header: PRODUCT_EXPORT_HEADER,
    rows: exportProducts(params),
  });
}
