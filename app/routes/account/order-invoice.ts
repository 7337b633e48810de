import { data } from "react-router";
import { renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { getAccountOrder } from "~/domain/shoppers/shopper-orders.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import type { Route } from "./+types/order-invoice";

/** /account/orders/:number/invoice: the tax invoice of one of the signed-in shopper's orders. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  const found = await getAccountOrder(user.id, idParam(params.number));
  if (!found) throw data("Order not found", { status: 404 });
  if (!found.invoice)
    throw data("This order has no invoice yet: it is issued when the order is paid.", {
      status: 404,
    });
  return pdfResponse(await renderInvoicePdf({ invoiceId: found.invoice.id }));
}
