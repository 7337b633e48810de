import type { FormActionResult } from "~/lib/forms";
import { submitCheckout } from "~/routes/store/checkout-action.server";

let n = 0;

/** The checkout page's form as the browser posts it, for `lines`, with fields overridden. */
export function checkoutForm(
  lines: { variantId: number; quantity: number }[],
  overrides: Record<string, string> = {},
): Request {
  const fields: Record<string, string> = {
    firstName: "Naledi",
    lastName: "Khumalo",
    email: "naledi@example.com",
    phone: "083 000 1111",
    address: "3 Main Road",
    city: "Mahikeng",
    province: "NW",
    postal: "2745",
    deliveryMethod: "standard",
    paymentMethod: "card",
    terms: "on",
    promoCode: "",
    lines: JSON.stringify(lines),
    idempotencyKey: `checkout-form-${++n}-${Date.now()}-abcdefgh`,
    ...overrides,
  };
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request("http://shop.test/checkout", { method: "POST", body });
}

/** Submits it (from `clientAddress`): the answer's status and body, or where it redirected. */
export async function submitCheckoutForm(request: Request, clientAddress = "10.0.0.1") {
  try {
    const result = await submitCheckout(request, { clientAddress }, "http://shop.test");
    const { data, init } = result as unknown as {
      data: FormActionResult;
      init: { status: number };
    };
    return { status: init.status, body: data, location: null as string | null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, body: null, location: thrown.headers.get("Location") };
    }
    throw thrown;
  }
}
