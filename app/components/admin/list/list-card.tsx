import type { ComponentProps, ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { ListPage, ListParams, ListSpec } from "~/lib/list-params";
import { ListPagination } from "./list-pagination";
import { ListTable, type ListColumn } from "./list-table";
import { ListToolbar } from "./list-toolbar";

/**
 * A resource's list as one card: its title with the count of what matches, the toolbar (search,
 * status filter, export), the table or the empty state, and the pages. A back-office list page
 * is its summary cards and this, configured.
 */
export function ListCard<Row>({
  title,
  noun,
  spec,
  params,
  page,
  columns,
  rowKey,
  rowTestId,
  empty,
  toolbar,
  children,
}: {
  /** The card's title, before the count ("Orders"); also the table's name. */
  title: string;
  /** What is counted, plural ("orders"). */
  noun: string;
  spec: ListSpec;
  params: ListParams;
  page: ListPage<Row>;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
  empty: ReactNode;
  toolbar: Omit<ComponentProps<typeof ListToolbar>, "spec" | "params">;
  /** Shown above the table (a note on what the list or its export holds). */
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>
          {title} ({page.total})
        </CardTitle>
        <ListToolbar spec={spec} params={params} {...toolbar} />
      </CardHeader>
      <CardContent>
        {children}
        <ListTable
          spec={spec}
          params={params}
          columns={columns}
          rows={page.rows}
          rowKey={rowKey}
          label={title}
          rowTestId={rowTestId}
          empty={empty}
        />
        <ListPagination
          spec={spec}
          params={params}
          page={page.page}
          pageCount={page.pageCount}
          total={page.total}
          noun={noun}
        />
      </CardContent>
    </Card>
  );
}
