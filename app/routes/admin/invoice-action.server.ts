import type { SessionUser } from "~/domain/auth/roles";
import { cancelInvoice } from "~/domain/invoicing/cancel-invoice.server";
import { creditManualInvoice } from "~/domain/invoicing/credit-manual-invoice.server";
import { recordCreditNotePaidBack } from "~/domain/invoicing/record-paid-back.server";
import {
  creditNoteFormSchema,
  PAID_BACK_WORDS,
  paidBackFormSchema,
} from "~/domain/invoicing/refund-schemas";
import {
  cancelInvoiceSchema,
  markInvoicePaidSchema,
} from "~/domain/invoicing/manual-invoice-schemas";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import { sendInvoice } from "~/domain/invoicing/send-invoice.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";

/**
 * An invoice page's action, by intent: send (again), mark paid, credit or cancel, each as the
 * invoice's status allows it now (else 409 and nothing changes), or record that a credit
 * note's money has been paid back. Editing has its own page.
 */
export async function invoiceAction(options: {
  request: Request;
  invoiceId: number;
  actor: SessionUser;
}) {
  const { invoiceId, actor } = options;
  const formData = await readForm(options.request);
  const intent = formData.get("intent");
  if (intent === "send") {
    return attempt(formData, async () => {
      const r = await sendInvoice({ invoiceId, actor });
      return succeeded(
        "Invoice Sent",
        r.copy
          ? `A copy of ${r.invoiceNumber} was e-mailed to ${r.sentTo}.`
          : `${r.invoiceNumber} was e-mailed to ${r.sentTo} with its PDF.`,
      );
    });
  }
  if (intent === "mark_paid") {
    const parsed = parseForm(markInvoicePaidSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const r = await markInvoicePaid({ invoiceId, actor, ...parsed.data });
      return succeeded("Invoice Paid", `${r.invoiceNumber} is paid.`);
    });
  }
  if (intent === "credit") {
    const parsed = parseForm(creditNoteFormSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const r = await creditManualInvoice({ invoiceId, actor, input: parsed.data });
      const paidBack =
        r.paidBack === "not_yet"
          ? " Not paid back yet: record it on this page when it is."
          : r.paidBack
            ? ` Paid back ${PAID_BACK_WORDS[r.paidBack.by]} (${r.paidBack.reference}).`
            : "";
      return succeeded(
        "Credit Note Issued",
        `${r.creditNoteNumber} credits ${r.amount} against ${r.invoiceNumber}.${paidBack}`,
      );
    });
  }
  if (intent === "paid_back") {
    const parsed = parseForm(paidBackFormSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const r = await recordCreditNotePaidBack({ invoiceId, actor, ...parsed.data });
      return succeeded(
        "Paid Back",
        `${r.amount} of ${r.creditNoteNumber} was paid back ${PAID_BACK_WORDS[r.paidBack.by]} (${r.paidBack.reference}).`,
      );
    });
  }
  if (intent === "cancel") {
    const parsed = parseForm(cancelInvoiceSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const r = await cancelInvoice({ invoiceId, actor, reason: parsed.data.reason });
      return succeeded(
        "Invoice Cancelled",
        `${r.invoiceNumber} is cancelled; its number stays in the series.`,
      );
    });
  }
  return refused(400, { title: "Error", description: "Unknown request." }, formData);
}
