import { redirect } from "react-router";
import { checkoutSchema } from "~/domain/orders/checkout-schema";
import { checkoutRateLimit, completeCheckout } from "~/domain/orders/checkout.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { readDeviceCookie } from "~/domain/auth/device-cookie.server";
import { apologyWithPhone, attempt, readPublicForm } from "~/lib/actions.server";

/** The checkout's own apology: "Order Failed" and the shop's phone number. */
const ORDER_FAILED = apologyWithPhone((phone) => ({
  title: "Order Failed",
  description: `Something went wrong. Please try again or contact us at ${phone || "the shop"}.`,
}));

/**
 * The checkout's action: checks the form, completes the checkout and sends the shopper on to
 * pay. Problems the shopper can fix come back as 4xx with a message and everything typed;
 * anything else is "Order Failed" with the shop's phone number.
 */
export async function submitCheckout(
  request: Request,
  context: { clientAddress: string },
  siteUrl: string,
) {
  const read = await readPublicForm({
    request,
    form: "checkout",
    schema: checkoutSchema,
    clientAddress: context.clientAddress,
    limit: checkoutRateLimit(),
  });
  if (!read.ok) return read.answer;
  return attempt(
    read.formData,
    async () => {
      const user = await getSessionUser(request);
      const device = readDeviceCookie({
        cookieHeader: request.headers.get("cookie"),
        baseURL: siteUrl,
      });
      const { next } = await completeCheckout({
        input: read.input,
        siteUrl,
        signedInUserId: user?.id,
        holder: { address: context.clientAddress, device: device?.deviceId },
      });
      throw redirect(next);
    },
    ORDER_FAILED,
  );
}
