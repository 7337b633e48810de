import { data } from "react-router";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/not-found";

/** Any other /admin address: staff get a 404 in the shell, everyone else the usual gate. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
