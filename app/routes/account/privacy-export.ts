import { redirect } from "react-router";
import { DomainError } from "~/domain/errors";
import { exportOwnData } from "~/domain/privacy/own-data.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import type { Route } from "./+types/privacy-export";

/** POST /account/privacy/export: the signed-in shopper's data as one JSON download. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireShopper(request);
  try {
    const data = await exportOwnData({ user, clientAddress: context.clientAddress });
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DomainError) {
      return new Response(error.message, {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw error;
  }
}

export function loader() {
  throw redirect("/account/privacy");
}
