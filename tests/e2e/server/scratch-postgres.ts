import crypto from "node:crypto";
import pg from "pg";

export type ScratchDatabase = {
  /** The new database's address, for a shop's DATABASE_URL. */
  url: string;
  /** A query on it from the test itself (its own small pool). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Closes the test's pool and drops the database, whoever is still connected. */
  drop(): Promise<void>;
};

/** A new, empty database on the PostgreSQL server of `serverUrl`, dropped by `drop()`. */
export async function createScratchDatabase(
  serverUrl: string,
  label: string,
): Promise<ScratchDatabase> {
  const name = `bed_shop_${label}_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // A connection still closing when drop() forces the database away is told so by the server
  // (57P01): expected then, and without this listener an error nobody catches.
  pool.on("error", () => undefined);
  return {
    url: url.toString(),
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      return (await pool.query<R>(text, values)).rows;
    },
    async drop() {
      await pool.end();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
