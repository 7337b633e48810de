import { searchPurchasableVariants } from "~/domain/purchasing/purchase-order-variants.server";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/purchase-order-variants";

/**
 * /admin/purchase-orders/variants?q=: the purchase order form's suggestions for a line, by SKU
 * or product name (a few at a time: the catalogue may hold 20,000 variants).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const q = readSearchParams(request).get("q") ?? "";
  return { variants: await searchPurchasableVariants({ q }) };
}
