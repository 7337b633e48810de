import type { OrderDetails } from "~/domain/orders/get-order.server";
import { laybyPaymentMethods } from "~/domain/orders/pay-order.server";
import { isPayable } from "~/domain/orders/record-payment.server";
import { cancelLaybyPlan } from "./cancel-plan.server";
import { laybyCancellation } from "./cancellation";
import { laybyPlanView } from "./plan-view.server";

/**
 * What the shopper's order pages (by link and in the account) show of a lay-by: the plan, the
 * methods for paying its next instalment, and, when the shopper asked to cancel, what a
 * cancellation now would cost (the same rule cancelLaybyPlan applies). Null for other orders.
 */
export async function shopperLayby(order: OrderDetails, confirmCancel: boolean) {
  const plan = await laybyPlanView(order.id);
  if (!plan) return null;
  const open = plan.status === "awaiting_deposit" || plan.status === "active";
  return {
    plan,
    methods: plan.next && isPayable(order) ? laybyPaymentMethods(plan.next.leftCents) : [],
    cancelPreview:
      confirmCancel && open
        ? laybyCancellation({
            goods: order,
            paidCents: plan.paidCents,
            chargeBasisPoints: plan.chargeBasisPoints,
          }).explanation
        : null,
  };
}

/** The shopper's "Cancel lay-by", confirmed: s62(4)'s rule, refunds and the e-mail. */
export function cancelLaybyAsShopper(order: Pick<OrderDetails, "id">, siteUrl: string) {
  return cancelLaybyPlan({ orderId: order.id, reason: "shopper", actor: "shopper", siteUrl });
}
