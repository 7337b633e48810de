import { Badge } from "~/components/admin/ui/badge";
import { orderStageView, type StageFacts } from "~/domain/orders/order-stage-view";

/**
 * An order's stage as a badge, in every back-office list and card: "Booked 15 Dec", "To book",
 * "Delivered" (orderStageView, docs/decisions/050).
 */
export function StageBadge({ facts }: { facts: StageFacts }) {
  const view = orderStageView(facts);
  return (
    <Badge
      variant={
        view.stage === "cancelled" || view.stage === "not_delivered"
          ? "destructive"
          : view.stage === "delivered"
            ? "default"
            : "secondary"
      }
      data-stage={view.stage}
    >
      {view.badge}
    </Badge>
  );
}
