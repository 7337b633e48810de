import { redirect } from "react-router";
import type { SessionUser } from "~/domain/auth/roles";
import { askAgainSchema, recordRefundPartSchema } from "~/domain/invoicing/awaiting-refund-schemas";
import { askAgainAboutRefund, recordRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { previewRefund, refundOrder } from "~/domain/invoicing/refund-order.server";
import { refundFormSchema } from "~/domain/invoicing/refund-schemas";
import type { RefundStatus } from "~/domain/refunds/refund-status";
import { attempt, invalid, keptValues, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { formatMoney } from "~/lib/money";

export const REFUND_INTENTS = [
  "refund-preview",
  "refund",
  "refund-ask-again",
  "refund-record-part",
] as const;

const money = (cents: number) => formatMoney(cents, { cents: true });

/** A refund as staff are told of it: completed with its credit note, awaiting or failed, and why. */
type RefundResult = { amountCents: number } & (
  | { status: "completed"; creditNoteNumber: string | null }
  | { status: "awaiting" | "failed"; why: string }
);

/** What staff read once a refund has been asked for or settled. */
function settledNotice(done: RefundResult) {
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

/** The order's page after a refund posted as a page: it names the refund, which the page tells of. */
export const refundShownAt = (orderPage: string, refundId: number) =>
  `${orderPage}?refund=${refundId}`;

/**
 * The notice for the refund the page's address names (`?refund=`, after a refund made without
 * JavaScript), from the refund as it stands now; null when it names none of the order's.
 */
export function refundNotice(
  url: string,
  refunds: readonly {
    id: number;
    amountCents: number;
    status: RefundStatus;
    failure: string;
    creditNoteNumber: string | null;
  }[],
) {
  const named = Number(new URL(url).searchParams.get("refund"));
  const refund = refunds.find((r) => r.id === named);
  if (!refund) return null;
  const { amountCents, failure } = refund;
  if (refund.status === "completed") {
    return settledNotice({
      status: "completed",
      amountCents,
      creditNoteNumber: refund.creditNoteNumber,
    });
  }
  if (refund.status === "failed")
    return settledNotice({ status: "failed", amountCents, why: failure });
  return settledNotice({
    status: "awaiting",
    amountCents,
    why: failure || "Waiting for the provider's answer.",
  });
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
  /**
   * The order's page, when the form was posted as a page (no JavaScript): a refund made is
   * answered with a redirect there, so reading the page again does not post it again.
   */
  redirectTo: string | null;
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
    // Only a preview's Confirm refunds: it carries what the preview read of the order's refunds.
    if (!parsed.data.refundsSeen) {
      return refused(
        400,
        { title: "Refund Not Made", description: "Read the preview first: nothing was refunded." },
        formData,
      );
    }
    return attempt(formData, async () => {
      const done = await refundOrder({
        orderId: await options.orderId(),
        input: parsed.data,
        actor,
      });
      if (options.redirectTo) throw redirect(refundShownAt(options.redirectTo, done.refundId));
      return settledNotice(done);
    });
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
