import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { cn } from "~/lib/cn";
import { listSearch, type ListParams, type ListSpec } from "~/lib/list-params";
import { DENSITY_CLASSES, useListDensity, type ListDensity } from "./list-density";

export type ListColumn<Row> = {
  /** The column's name; a sortable column's is the sort's name in the URL. */
  key: string;
  header: string;
  sortable?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
  /**
   * How the cell shows when the list is a stack of cards (its box narrower than 768 px):
   * "title" leads the card (the row's name or number), "actions" ends it, "hidden" leaves it
   * out, "field" shows it under its header's name. By default the first column is the title, a column keyed
   * "actions" the actions, and every other a field.
   */
  card?: CardPart;
};

type CardPart = "title" | "field" | "actions" | "hidden";

/** Stacked as cards in a narrow box (ui/table's `stacked`). */
function cardPart<Row>(column: ListColumn<Row>, index: number): CardPart {
  if (column.card) return column.card;
  if (index === 0) return "title";
  return column.key === "actions" ? "actions" : "field";
}

/**
 * A back-office list's table: the resource's columns, headers that sort by the URL (a second
 * click reverses), and `empty` in place of the table when nothing matches. Its rows are as
 * dense as `density`, else as the staff member's Compact mode (ListDensityContext).
 */
export function ListTable<Row>({
  spec,
  params,
  columns,
  rows,
  rowKey,
  empty,
  label,
  rowTestId = "list-row",
  density,
}: {
  spec: ListSpec;
  params: ListParams;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  /** What the table lists, for screen readers ("Orders"). */
  label: string;
  /** Each row's data-testid, for the browser journeys. */
  rowTestId?: string;
  density?: ListDensity;
}) {
  const chosen = useListDensity(density);
  const dense = DENSITY_CLASSES[chosen];
  if (rows.length === 0) return <>{empty}</>;
  return (
    <Table aria-label={label} data-density={chosen} stacked>
      <TableHeader>
        <TableRow>
          {columns.map((column) =>
            column.sortable ? (
              <SortableHead
                key={column.key}
                spec={spec}
                params={params}
                column={column}
                className={dense.head}
              />
            ) : (
              <TableHead key={column.key} className={cn(dense.head, column.className)}>
                {column.header}
              </TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((column, index) => {
              const part = cardPart(column, index);
              return (
                <TableCell
                  key={column.key}
                  data-card={part}
                  data-label={part === "field" && column.header ? column.header : undefined}
                  className={cn(dense.cell, column.className)}
                >
                  {column.cell(row)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SortableHead<Row>({
  spec,
  params,
  column,
  className,
}: {
  spec: ListSpec;
  params: ListParams;
  column: ListColumn<Row>;
  className?: string;
}) {
  const active = params.sort === column.key;
  const next = active && params.direction === "asc" ? "desc" : "asc";
  const Icon = !active ? ArrowUpDown : params.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className={cn(className, column.className)}
      aria-sort={active ? (params.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={listSearch(spec, params, { sort: column.key, direction: next }) || "?"}
        className={cn(
          "inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          active && "text-foreground",
        )}
      >
        {column.header}
        <Icon className="size-3.5" aria-hidden />
        <span className="sr-only">
          {active ? `, sorted ${params.direction === "asc" ? "ascending" : "descending"}` : ""}
          {`, sort ${next === "asc" ? "ascending" : "descending"}`}
        </span>
      </Link>
    </TableHead>
  );
}

/** A row's actions (edit, delete, …), at the end of the row. */
export function ListRowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}
