import type { SessionUser } from "~/domain/auth/roles";
import { conflict } from "~/domain/errors";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { markLaybyRefundPaid } from "~/domain/layby/mark-refund-paid.server";
import { instalmentName } from "~/domain/layby/pay-instalment.server";
import { recordShowroomPayment } from "~/domain/layby/record-showroom-payment.server";
import {
  cancelLaybySchema,
  refundPaidSchema,
  showroomPaymentSchema,
} from "~/domain/layby/staff-schemas";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { siteUrl } from "~/lib/site-url.server";

export const LAYBY_INTENTS = ["layby-payment", "layby-cancel", "layby-refund-paid"] as const;

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * The admin order page's lay-by forms, by intent: record a showroom payment, cancel the plan,
 * mark a cash refund paid. Staff and owner only (the page's action checks that first).
 */
export async function laybyAction(options: {
  intent: (typeof LAYBY_INTENTS)[number];
  formData: FormData;
  orderId: () => Promise<number>;
  actor: SessionUser;
}) {
  const { intent, formData, actor } = options;
  if (intent === "layby-payment") {
    const parsed = parseForm(showroomPaymentSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const number = Number(formData.get("number"));
      if (!Number.isInteger(number) || number < 0 || number > 6) {
        throw conflict("Refresh the page: the instalment to pay is not known.");
      }
      const done = await recordShowroomPayment({
        orderId: await options.orderId(),
        number,
        receiptReference: parsed.data.receiptReference,
        actor,
        siteUrl: siteUrl(),
      });
      return succeeded(
        "Payment Recorded",
        done.result === "completed"
          ? `${instalmentName(done.instalmentNumber)} of ${money(done.amountCents)} recorded: the lay-by is paid in full and the order is paid.`
          : `${instalmentName(done.instalmentNumber)} of ${money(done.amountCents)} recorded.`,
      );
    });
  }
  if (intent === "layby-cancel") {
    const parsed = parseForm(cancelLaybySchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const done = await cancelLaybyPlan({
        orderId: await options.orderId(),
        reason: "staff",
        actor,
        waived: parsed.data.waived,
        siteUrl: siteUrl(),
      });
      return succeeded(
        "Lay-by Cancelled",
        `Charge ${money(done.chargeCents)}, refund ${money(done.refundCents)}. The shopper was e-mailed the calculation.`,
      );
    });
  }
  const parsed = parseForm(refundPaidSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const done = await markLaybyRefundPaid({
      orderId: await options.orderId(),
      refundId: parsed.data.refundId,
      reference: parsed.data.payoutReference,
      actor,
    });
    return succeeded("Refund Paid Out", `${money(done.amountCents)} marked paid out.`);
  });
}
