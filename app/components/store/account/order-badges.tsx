import { Badge } from "~/components/ui/badge";
import { orderStageView, type StageFacts } from "~/domain/orders/order-stage-view";

/**
 * An order's stage, as the shopper's pages show it (orderStageView, docs/decisions/050), and
 * its money news when money has gone back ("Partly refunded (R… of R…)").
 */
export function OrderBadges({
  paymentLabel,
  ...facts
}: StageFacts & {
  /** Says what came back when money has gone back ("Partly refunded (R… of R…)"). */
  paymentLabel?: string;
}) {
  const view = orderStageView(facts);
  const moneyBack =
    facts.status !== "cancelled" &&
    (facts.paymentStatus === "partially_refunded" || facts.paymentStatus === "refunded");
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge
        variant={
          view.tone === "bad" ? "destructive" : view.tone === "good" ? "default" : "secondary"
        }
        data-stage={view.stage}
      >
        {view.badge}
      </Badge>
      {moneyBack && paymentLabel ? <Badge variant="outline">{paymentLabel}</Badge> : null}
    </span>
  );
}
