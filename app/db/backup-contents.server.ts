import fs from "node:fs";
import path from "node:path";

/** Runs one SQL statement on whichever database (PGlite or PostgreSQL) and returns its rows. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** What a backup holds, or a restored database: rows per table, and the last migration applied. */
export type DatabaseContents = {
  tables: Record<string, number>;
  /** The tag of the last migration applied (drizzle/meta/_journal.json), null when none. */
  migration: string | null;
};

/**
 * Tables the migrations fill themselves (counters that start at 1, the search word list), and
 * the background jobs' leases a shop writes as soon as it starts, so rows there do not make a
 * database one that "holds data".
 */
const FILLED_BY_MIGRATIONS = new Set([
  "catalog_version",
  "stock_version",
  "search_words",
  "job_leases",
]);

/** Rows in each of the shop's tables (the public schema), counted in one statement. */
export async function countShopRows(query: RunQuery): Promise<Record<string, number>> {
  const names = (
    await query("select tablename from pg_tables where schemaname = 'public' order by tablename")
  ).map((row) => String(row.tablename));
  if (names.length === 0) return {};
  const counts = await query(
    names
      .map(
        (name) =>
          `select ${quoteLiteral(name)} as name, count(*)::int as n from ${quoteIdent(name)}`,
      )
      .join(" union all "),
  );
  return Object.fromEntries(counts.map((row) => [String(row.name), Number(row.n)]));
}

/** The tables whose rows make a database one that holds the shop's data, with their rows. */
export function tablesHoldingData(tables: Record<string, number>): [string, number][] {
  return Object.entries(tables).filter(
    ([name, rows]) => rows > 0 && !FILLED_BY_MIGRATIONS.has(name),
  );
}

export async function readContents(query: RunQuery): Promise<DatabaseContents> {
  return { tables: await countShopRows(query), migration: await lastMigration(query) };
}

type JournalEntry = { tag: string; when: number };

function journal(): JournalEntry[] {
  const file = path.resolve("drizzle/meta/_journal.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: JournalEntry[] }).entries;
}

/** drizzle's migrator records each migration by its journal time (`when`). */
async function lastMigration(query: RunQuery): Promise<string | null> {
  const [exists] = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!exists?.present) return null;
  const [row] = await query(
    "select max(created_at)::text as applied from drizzle.__drizzle_migrations",
  );
  if (row?.applied === null || row?.applied === undefined) return null;
  const applied = Number(row.applied);
  return journal().find((entry) => entry.when === applied)?.tag ?? `an unknown one (${applied})`;
}

/**
 * The migrations of this version that come after `tag` (applied when the shop next starts);
 * null when this version does not know `tag` (the backup was made by a newer version).
 */
export function migrationsAfter(tag: string | null): string[] | null {
  const entries = journal();
  const index = tag === null ? -1 : entries.findIndex((entry) => entry.tag === tag);
  if (tag !== null && index === -1) return null;
  return entries.slice(index + 1).map((entry) => entry.tag);
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteLiteral(text: string) {
  return `'${text.replaceAll("'", "''")}'`;
}
