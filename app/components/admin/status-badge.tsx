import { Badge } from "~/components/admin/ui/badge";

const DEFAULT_STYLE = new Set(["completed", "active", "paid"]);
const DANGER = new Set(["cancelled", "refunded"]);

/**
 * The specification's badges: default style for completed orders and active products. A label,
 * when given, is shown as written ("Partly refunded (R849.15 of R2,999.00)").
 */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const variant = DEFAULT_STYLE.has(status)
    ? "default"
    : DANGER.has(status)
      ? "destructive"
      : "secondary";
  return (
    <Badge variant={variant} className={label ? undefined : "capitalize"}>
      {label ?? status.replace(/_/g, " ")}
    </Badge>
  );
}
