import { priceCartLines } from "~/domain/cart/price-cart-lines.server";
import { cartLinesRequestSchema } from "~/domain/cart/schemas";
import { hasNul, NUL_IN_FORM_MESSAGE } from "~/lib/request-input.server";
import type { Route } from "./+types/cart-lines";

/** A list of 50 ids is a few hundred bytes; anything far bigger is not from our cart page. */
const MAX_BODY_BYTES = 8_192;

const noStore = { "Cache-Control": "no-store" };

function problem(status: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ error: message }, { status, headers: { ...noStore, ...headers } });
}

/** POST { variantIds: number[] } -> { lines: CurrentCartLine[] }: today's prices and stock. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return problem(405, "Use POST with a JSON body { variantIds }.", { Allow: "POST" });
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return problem(413, "The request is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return problem(400, "Send a JSON body { variantIds: [...] }.");
  }
  if (hasNul(body)) return problem(400, NUL_IN_FORM_MESSAGE);
  const parsed = cartLinesRequestSchema.safeParse(body);
  if (!parsed.success) {
    return problem(400, parsed.error.issues[0]?.message ?? "Invalid request.");
  }
  const lines = await priceCartLines({ variantIds: parsed.data.variantIds });
  return Response.json({ lines }, { headers: noStore });
}

export function loader() {
  return problem(405, "Use POST with a JSON body { variantIds }.", { Allow: "POST" });
}
