import { data } from "react-router";
import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { findOrderCreditNote } from "~/domain/invoicing/shopper-refunds.server";
import { findOrderForAccount } from "~/domain/orders/get-order.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import type { Route } from "./+types/order-credit-note";

/** /account/orders/:number/credit-notes/:id: a credit note of one of the signed-in shopper's orders. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  const order = await findOrderForAccount(idParam(params.number), user.id);
  if (!order) throw data("Order not found", { status: 404 });
  const note = await findOrderCreditNote(order.id, idParam(params.id));
  if (!note) throw data("Credit note not found", { status: 404 });
  return pdfResponse(await renderCreditNotePdf({ creditNoteId: note.id }));
}
