import type { SessionUser } from "~/domain/auth/roles";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { recordShowroomPayment } from "~/domain/layby/record-showroom-payment.server";
import { settledWords } from "~/domain/layby/settle-in-order";
import { cancelLaybySchema, showroomPaymentSchema } from "~/domain/layby/staff-schemas";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { siteUrl } from "~/lib/site-url.server";

export const LAYBY_INTENTS = ["layby-payment", "layby-cancel"] as const;

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * The admin order page's lay-by forms, by intent: record a showroom payment, cancel the plan
 * (a cancelled plan's refund is recorded by the refund forms, refund-action.server.ts, as any
 * refund is). Staff and owner only (the page's action checks that first).
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
      const done = await recordShowroomPayment({
        orderId: await options.orderId(),
        amountCents: parsed.data.amount,
        owedCents: parsed.data.owedCents,
        receiptReference: parsed.data.receiptReference,
        actor,
        siteUrl: siteUrl(),
      });
      return succeeded(
        "Payment Recorded",
        done.result === "completed"
          ? `${money(done.amountCents)} recorded: the lay-by is paid in full and the order is paid.`
          : `${money(done.amountCents)} recorded: ${settledWords(done.settled)}. Still owed: ${money(done.owedCents)}.`,
      );
    });
  }
  const parsed = parseForm(cancelLaybySchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const done = await cancelLaybyPlan({
      orderId: await options.orderId(),
      reason: "staff",
      actor,
      chargeRule: parsed.data.chargeRule,
      siteUrl: siteUrl(),
    });
    return succeeded(
      "Lay-by Cancelled",
      `Charge ${money(done.chargeCents)}, refund ${money(done.refundCents)}. The shopper was e-mailed the calculation.`,
    );
  });
}
