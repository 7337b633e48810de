import { suggestCustomers } from "~/domain/customers/suggest-customers.server";
import { readSearchParams } from "~/lib/request-input.server";
import { MAX_SEARCH_LENGTH } from "~/lib/list-params";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/customer-suggestions";

/**
 * /admin/customers/suggestions?q=: customers by name, e-mail or phone as JSON, with their buyer
 * details, for the hand-made invoice's customer picker. Fetched plainly, as /admin/variants is.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const q = (readSearchParams(request).get("q") ?? "").slice(0, MAX_SEARCH_LENGTH);
  return Response.json(
    { customers: await suggestCustomers({ q }) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
