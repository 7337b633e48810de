import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { driverAction } from "./driver-action.server";
import type { Route } from "./+types/my-run-send";

/**
 * POST /admin/deliveries/my-run/send: the driver's phone sends a stop's proof here with its own
 * script, which must tell a refusal (JSON with its status) from a dropped connection (no answer)
 * to keep the proof on the phone. Without JavaScript the same forms post to the My run page.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  return asJson(await driverAction({ intent: formData.get("intent"), formData, actor }));
}

/** The action helpers' answer (a plain result, or `data(result, { status })`) as JSON. */
function asJson(answer: unknown): Response {
  const headers = { "Cache-Control": "no-store" };
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { data, init } = answer as { data: unknown; init: ResponseInit | null };
    return Response.json(data, { status: init?.status ?? 200, headers });
  }
  return Response.json(answer, { headers });
}
