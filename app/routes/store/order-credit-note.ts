import { data } from "react-router";
import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { findOrderCreditNote } from "~/domain/invoicing/shopper-refunds.server";
import { findOrderForShopper } from "~/domain/orders/get-order.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam, readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/order-credit-note";

/**
 * /orders/:number/credit-notes/:id?token=…: a credit note of the order as a PDF, for whoever
 * holds the order page's secret link; one of another order is not found.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = readSearchParams(request).get("token") ?? "";
  const order = await findOrderForShopper(idParam(params.number), token);
  if (!order) throw data("Order not found", { status: 404 });
  const note = await findOrderCreditNote(order.id, idParam(params.id));
  if (!note) throw data("Credit note not found", { status: 404 });
  return pdfResponse(await renderCreditNotePdf({ creditNoteId: note.id }));
}
