import { data } from "react-router";
import { orderInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { findOrderForShopper } from "~/domain/orders/get-order.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam, readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/order-invoice";

/**
 * /orders/:number/invoice?token=…: the order's tax invoice as a PDF, for whoever holds the order
 * page's secret link; an unpaid order has none yet.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = readSearchParams(request).get("token") ?? "";
  const order = await findOrderForShopper(idParam(params.number), token);
  if (!order) throw data("Order not found", { status: 404 });
  const invoice = await orderInvoice(order.id);
  if (!invoice)
    throw data("This order has no invoice yet: it is issued when the order is paid.", {
      status: 404,
    });
  return pdfResponse(await renderInvoicePdf({ invoiceId: invoice.id }));
}
