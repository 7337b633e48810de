import { Badge } from "~/components/admin/ui/badge";

const DEFAULT_STYLE = new Set(["completed", "active", "paid"]);
const DANGER = new Set(["cancelled", "refunded"]);

/** The specification's badges: default style for completed orders and active products. */
export function StatusBadge({ status }: { status: string }) {
  const variant = DEFAULT_STYLE.has(status)
    ? "default"
    : DANGER.has(status)
      ? "destructive"
      : "secondary";
  return (
    <Badge variant={variant} className="capitalize">
      {status.replace(/_/g, " ")}
    </Badge>
  );
}
