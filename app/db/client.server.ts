import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { answerBackupRequests } from "./backup-requests.server";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";
import { log } from "~/lib/log.server";
import { reportPoolStats } from "~/lib/metrics.server";

/** Both drivers share drizzle's Postgres query API; we type them as one. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its whole data folder as a tarball, to start another database from. */
  dump?(): Promise<Blob>;
};

const migrationsFolder = path.resolve("drizzle");

/**
 * Opens PostgreSQL when `url` is given, else PGlite in `dataDir` (in memory when neither). An
 * in-memory PGlite can start from `fromDump`, another one's `dump()` (the tests start each file
 * from one migrated copy instead of creating and migrating a database every time).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  fromDump?: Blob;
}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.fromDump);
}

/**
 * Settings for each of the shop's connections to PostgreSQL (an `options` parameter in
 * `DATABASE_URL` takes their place). The shop runs many short queries at once:
 * - A query on its own gets no parallel workers, which only make each one cost more processor
 *   time in all. At 100,000 products, PostgreSQL gave a broad listing two workers, and distinct
 *   listings went from 46-48 to 49-58 requests/s without them (bench/README.md).
 * - No query is compiled to machine code (JIT). A listing with a price range tests each
 *   product's sizes within it with a subquery, which the planner costs far above the JIT's
 *   thresholds at 100,000 products: such a listing spent 640 ms compiling to run for 95
 *   (bench/README.md, "Compiled for nothing").
 */
const CONNECTION_OPTIONS = "-c max_parallel_workers_per_gather=0 -c jit=off";

/**
 * How the pool keeps its connections. With pg's default a connection closed after 10 s idle, so
 * a quiet shop opened a new one for most first requests after a pause, and PostgreSQL then
 * loaded what it knows of the tables again: at 100,000 products the same 8 listings, each after
 * 11 s idle, took a median 80 ms that way against 37 ms on kept connections (bench/README.md).
 * Two connections (a page's loaders run two queries at once) are kept however long the shop is
 * idle, the others for a minute; TCP keep-alive finds one a network has dropped meanwhile.
 */
const POOL_SETTINGS = { max: 10, min: 2, idleTimeoutMillis: 60_000, keepAlive: true };

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    ...POOL_SETTINGS,
    options: CONNECTION_OPTIONS,
  });
  // A kept connection the server ends (a restart, an administrator) is dropped from the pool
  // and the next query opens another; unheard, the pool's error would end the process.
  pool.on("error", (error) => {
    log.warn({ err: error }, "A database connection closed while idle");
  });
  reportPoolStats(() => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(pool),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir?: string, fromDump?: Blob): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, "pglite") : undefined,
      extensions: { pg_trgm },
      loadDataDir: fromDump,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    // Only the process holding the folder may read it, so it answers `npm run db:backup`.
    const stopAnswering = dataDir ? answerBackupRequests(dataDir, client) : async () => {};
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
      dump: async () => client.dumpDataDir("none"),
      async close() {
        await stopAnswering();
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

const GLOBAL_KEY = Symbol.for("bed-shop.database");
type Holder = { [GLOBAL_KEY]?: DatabaseHandle };

/**
 * The process's database. Kept on globalThis so the server entry and the application bundle
 * (loaded separately in development and production) share one connection.
 */
export function setDatabase(handle: DatabaseHandle | undefined) {
  (globalThis as Holder)[GLOBAL_KEY] = handle;
}

export function db(): Db {
  const handle = (globalThis as Holder)[GLOBAL_KEY];
  if (!handle) throw new Error("The database has not been opened.");
  return handle.db;
}

export function databaseReady(): boolean {
  return (globalThis as Holder)[GLOBAL_KEY] !== undefined;
}

/**
 * A query built once per database instead of on every call, for the few that every catalogue
 * page runs: `build` ends in drizzle's `.prepare(name)`, so PostgreSQL also parses and plans it
 * once per connection. Values go in as `sql.placeholder`s, given to `execute`.
 */
export function preparedQuery<T>(build: (db: Db) => T): () => T {
  const byDatabase = new WeakMap<Db, T>();
  return () => {
    const current = db();
    let query = byDatabase.get(current);
    if (query === undefined) byDatabase.set(current, (query = build(current)));
    return query;
  };
}

const MIGRATIONS_TABLE = '"drizzle"."__drizzle_migrations"';

/**
 * Applies the migrations not yet applied, as drizzle's migrator does (the same bookkeeping
 * table), but all in one transaction that first takes a transaction-level advisory lock: several
 * processes starting together migrate one after another, and the lock ends with the
 * transaction, so it also holds behind PgBouncer in transaction mode (a session-level lock there
 * could be taken on one server connection and released on another, and the next start hang).
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock(7310431)");
    await client.query('create schema if not exists "drizzle"');
    await client.query(
      `create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
    );
    const { rows } = await client.query<{ created_at: string }>(
      `select created_at from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
    );
    const last = rows[0] ? Number(rows[0].created_at) : -1;
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await client.query(statement);
      }
      await client.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
