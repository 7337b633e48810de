import { findStockVariants } from "~/domain/inventory/find-stock-variants.server";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inventory-variants";

/**
 * /admin/inventory/variants?q=: the Adjust Stock dialog's suggestions as JSON, by SKU or product
 * name (20 at a time: the catalogue may hold 20,000 variants). Fetched plainly, not through the
 * router, so the stock cards' /admin/inventory/:variantId can never be taken for it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const q = readSearchParams(request).get("q") ?? "";
  return Response.json(
    { variants: await findStockVariants({ q }) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
