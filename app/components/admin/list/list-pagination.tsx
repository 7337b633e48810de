import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/admin/ui/button";
import { cn } from "~/lib/cn";
import { listSearch, type ListParams, type ListSpec } from "~/lib/list-params";
import { formatCount } from "~/lib/numbers";

/** "Showing 21-40 of 1,234" and links to the first, previous, next and last pages. */
export function ListPagination({
  spec,
  params,
  page,
  pageCount,
  total,
  noun,
}: {
  spec: ListSpec;
  params: ListParams;
  page: number;
  pageCount: number;
  total: number;
  /** What is counted, plural ("orders"). */
  noun: string;
}) {
  if (total === 0) return null;
  const from = (page - 1) * params.pageSize + 1;
  const to = Math.min(total, page * params.pageSize);
  const link = (target: number) => listSearch(spec, params, { page: target }) || "?";
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm"
    >
      <p className="text-muted-foreground" aria-live="polite">
        Showing {formatCount(from)}–{formatCount(to)} of {formatCount(total)} {noun}
      </p>
      <div className="flex items-center gap-1">
        <PageLink to={link(1)} disabled={page <= 1} label="First page" icon={ChevronsLeft} />
        <PageLink
          to={link(page - 1)}
          disabled={page <= 1}
          label="Previous page"
          icon={ChevronLeft}
        />
        <span className="px-2">
          Page {formatCount(page)} of {formatCount(pageCount)}
        </span>
        <PageLink
          to={link(page + 1)}
          disabled={page >= pageCount}
          label="Next page"
          icon={ChevronRight}
        />
        <PageLink
          to={link(pageCount)}
          disabled={page >= pageCount}
          label="Last page"
          icon={ChevronsRight}
        />
      </div>
    </nav>
  );
}

function PageLink({
  to,
  disabled,
  label,
  icon: Icon,
}: {
  to: string;
  disabled: boolean;
  label: string;
  icon: LucideIcon;
}) {
  const classes = cn(buttonVariants({ variant: "outline", size: "icon" }), "size-8");
  if (disabled) {
    return (
      <span
        className={cn(classes, "opacity-50")}
        aria-disabled="true"
        role="link"
        aria-label={label}
      >
        <Icon className="size-4" aria-hidden />
      </span>
    );
  }
  return (
    <Link to={to} className={classes} aria-label={label}>
      <Icon className="size-4" aria-hidden />
    </Link>
  );
}
