import { redirect } from "react-router";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/enquiries";

/** /admin/enquiries opens the inbox at its first tab. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect("/admin/enquiries/consultations");
}
