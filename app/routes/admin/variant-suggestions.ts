import { suggestVariants } from "~/domain/catalog/suggest-variants.server";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/variant-suggestions";

/**
 * /admin/variants?q=: variants by SKU or product name as JSON, for every back-office field that
 * picks one (Adjust Stock, purchase order lines). Fetched plainly, not through the router: a
 * router that has not yet discovered this route could take the address for another one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const q = readSearchParams(request).get("q") ?? "";
  return Response.json(
    { variants: await suggestVariants({ q }) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
