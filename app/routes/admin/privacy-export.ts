import { exportPersonalData } from "~/domain/privacy/privacy-requests.server";
import { privacyLookupSchema } from "~/domain/privacy/schemas";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireOwner } from "~/lib/staff-gate.server";
import type { Route } from "./+types/privacy-export";

/**
 * POST /admin/privacy/export: everything held about an address as one JSON download. A POST, so
 * the address never sits in a URL, a log line or the browser's history.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request);
  const parsed = parseForm(privacyLookupSchema, await readForm(request));
  if (!parsed.ok) {
    return new Response(parsed.fieldErrors.email ?? "Enter an e-mail address.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const data = await exportPersonalData({
    email: parsed.data.email,
    actor: owner,
    clientAddress: context.clientAddress,
  });
  const day = data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A GET has nothing to show: the export is asked for from the privacy page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  return new Response(null, { status: 303, headers: { Location: "/admin/privacy" } });
}
