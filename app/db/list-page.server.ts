import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import type { ListPage, SortDirection } from "~/lib/list-params";

/**
 * One page of a back-office list: the count of matching rows and the page's rows, asked for at
 * once. Paging is by offset over an index that matches the sort (each sort ends with the id, so
 * rows with equal keys keep one order across pages). A page past the end answers the last one.
 */
export async function listPage<Row>(options: {
  page: number;
  pageSize: number;
  count: () => Promise<number>;
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>;
}): Promise<ListPage<Row>> {
  const { page, pageSize } = options;
  const [total, rows] = await Promise.all([
    options.count(),
    options.rows({ limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page <= pageCount) return { rows, total, page, pageCount };
  const last = await options.rows({ limit: pageSize, offset: (pageCount - 1) * pageSize });
  return { rows: last, total, page: pageCount, pageCount };
}

/**
 * Every matching row, a batch at a time, for a CSV export of exactly what a list's filters show
 * (in the list's order), without holding them all in memory.
 */
export async function* everyRow<Row>(
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  batchSize = 1000,
): AsyncGenerator<Row> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await rows({ limit: batchSize, offset });
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/** `ORDER BY` for a list's sort: the sort's column(s), then the id, in the chosen direction. */
export function listOrder(
  columns: readonly (AnyColumn | SQL)[],
  id: AnyColumn,
  direction: SortDirection,
): SQL[] {
  const by = direction === "asc" ? asc : desc;
  return [...columns, id].map((c) => by(c));
}

/** An ILIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `count(*)` as a number. */
export const countRows = sql<number>`count(*)::int`;

/**
 * A list's rows a window at a time, for listPage and everyRow: `query` builds the select with its
 * joins and filter (`.$dynamic()`), sorted by `order` (listOrder's).
 */
export function sortedWindows<Query extends PgSelect>(query: () => Query, order: SQL[]) {
  return (window: { limit: number; offset: number }) =>
    query()
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset);
}

/** How many rows of `table` match `where`: a list's total. */
export async function countMatching(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db().select({ n: countRows }).from(table).where(where);
  return row?.n ?? 0;
}
