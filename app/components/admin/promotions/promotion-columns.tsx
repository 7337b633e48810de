import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/admin/ui/badge";
import type { PromotionRow } from "~/domain/promotions/promotion-list";
import { formatPeriod } from "~/domain/promotions/promotion-period";
import { rulesSummary } from "~/domain/promotions/promotion-rules";
import { formatPromotionValue, PROMOTION_KIND_LABELS } from "~/domain/promotions/promotion-value";
import { formatCount } from "~/lib/numbers";
import { EditPromotionDialog } from "./promotion-dialogs";
import { DeletePromotionDialog, PromotionSwitchButton } from "./promotion-row-actions";

/** The rules in short: "Min. R5,000.00 · Once per customer · Only Mattresses"; "" for none. */
const rulesOf = (p: PromotionRow) => rulesSummary({ ...p, minSpendCents: p.minSubtotalCents });

const PERIOD_LABELS = { scheduled: "Scheduled", expired: "Expired" } as const;

export const PROMOTION_COLUMNS: ListColumn<PromotionRow>[] = [
  {
    key: "code",
    header: "Code",
    sortable: true,
    className: "font-mono font-medium",
    cell: (p) => p.code,
  },
  {
    key: "description",
    header: "Description",
    sortable: true,
    cell: (p) => (
      <div className="max-w-[200px]">
        <p className="truncate" title={p.description}>
          {p.description || <span className="text-muted-foreground">None</span>}
        </p>
        {rulesOf(p) ? (
          <p className="text-xs text-muted-foreground" data-testid="promotion-rules">
            {rulesOf(p)}
          </p>
        ) : null}
      </div>
    ),
  },
  { key: "type", header: "Type", sortable: true, cell: (p) => PROMOTION_KIND_LABELS[p.kind] },
  {
    key: "value",
    header: "Value",
    sortable: true,
    className: "text-right",
    cell: (p) => formatPromotionValue(p),
  },
  {
    key: "period",
    header: "Period",
    sortable: true,
    className: "min-w-[7rem]",
    cell: (p) => formatPeriod(p.startDay, p.endDay),
  },
  {
    key: "usage",
    header: "Usage",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (p) =>
      `${formatCount(p.usedCount)} / ${p.usageLimit === null ? "Unlimited" : formatCount(p.usageLimit)}`,
  },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (p) => (
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={p.active ? "active" : "inactive"} />
        {p.period === "running" ? null : (
          <Badge variant="outline" data-period={p.period}>
            {PERIOD_LABELS[p.period]}
          </Badge>
        )}
      </div>
    ),
  },
  {
    key: "actions",
    header: "Actions",
    className: "text-right",
    cell: (p) => (
      <ListRowActions>
        <EditPromotionDialog promotion={p} />
        <PromotionSwitchButton promotion={p} />
        {p.usedCount === 0 ? <DeletePromotionDialog promotion={p} /> : null}
      </ListRowActions>
    ),
  },
];
