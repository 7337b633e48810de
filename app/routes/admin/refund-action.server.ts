import type { SessionUser } from "~/domain/auth/roles";
import { askAgainSchema, recordRefundPartSchema } from "~/domain/invoicing/awaiting-refund-schemas";
import { askAgainAboutRefund, recordRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { previewRefund, refundOrder } from "~/domain/invoicing/refund-order.server";
import { refundFormSchema } from "~/domain/invoicing/refund-schemas";
import type { SettledRefund } from "~/domain/refunds/settle-refund.server";
import { attempt, invalid, keptValues, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { formatMoney } from "~/lib/money";

export const REFUND_INTENTS = [
  "refund-preview",
  "refund",
  "refund-ask-again",
  "refund-record-part",
] as const;

const money = (cents: number) => formatMoney(cents, { cents: true });

/** What staff read once a refund has been asked for or settled. */
function settledNotice(done: SettledRefund) {
  if (done.status === "completed") {
    return succeeded(
      "Refund Made",
      done.creditNoteNumber
        ? `${money(done.amountCents)} paid back; credit note ${done.creditNoteNumber} issued.`
        : `${money(done.amountCents)} paid back.`,
    );
  }
  if (done.status === "awaiting") {
    return succeeded(
      "Refund Awaiting the Provider",
      `${done.why} ${money(done.amountCents)} stays held until it is paid back.`,
    );
  }
  return succeeded(
    "Refund Not Made",
    `${done.why} Nothing was refunded; its amount is free again.`,
  );
}

/**
 * The admin order page's refund forms, by intent: preview a refund (what it pays back and how,
 * nothing saved; the form's fields come back to be confirmed), refund, ask the provider again about a
 * refund awaiting its answer, record what became of one part of it. Staff and owner only
 * (the page's action checks that first).
 */
export async function refundAction(options: {
  intent: (typeof REFUND_INTENTS)[number];
  formData: FormData;
  orderId: () => Promise<number>;
  actor: SessionUser;
}) {
  const { intent, formData, actor } = options;
  if (intent === "refund-preview") {
    const parsed = parseForm(refundFormSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const preview = await previewRefund({
        orderId: await options.orderId(),
        input: parsed.data,
        actor,
      });
      return {
        ...succeeded("Check the Refund", `Pay back ${money(preview.amountCents)}?`),
        preview,
        values: keptValues(formData),
      };
    });
  }
  if (intent === "refund") {
    const parsed = parseForm(refundFormSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () =>
      settledNotice(
        await refundOrder({ orderId: await options.orderId(), input: parsed.data, actor }),
      ),
    );
  }
  if (intent === "refund-ask-again") {
    const parsed = parseForm(askAgainSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () =>
      settledNotice(
        await askAgainAboutRefund({
          orderId: await options.orderId(),
          refundId: parsed.data.refundId,
          actor,
        }),
      ),
    );
  }
  const parsed = parseForm(recordRefundPartSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () =>
    settledNotice(
      await recordRefundPart({ orderId: await options.orderId(), ...parsed.data, actor }),
    ),
  );
}
