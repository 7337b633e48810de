import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/db/client.server";
import { rowsOf } from "~/db/rows";

/**
 * An empty database of its own for a migration's test, migrated by hand: an embedded one, or a
 * fresh database on the PostgreSQL server when TEST_DATABASE_URL is set (dropped afterwards).
 * `run` executes statements in order (a migration's `sql`), `rows` reads a query's rows,
 * `useForApp` points the shop's code at it. The
 * PostgreSQL run takes the files that name TEST_DATABASE_URL (vitest.config.ts): say it in the
 * test's own words.
 */
export function useMigrationDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  let appUsesIt = false;
  beforeAll(async () => {
    if (!serverUrl) {
      handle = await openDatabase({});
      return;
    }
    const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString() });
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  });
  afterAll(async () => {
    if (appUsesIt) setDatabase(undefined);
    await handle?.close();
    await dropDatabase();
  });
  return {
    run: async (statements: readonly string[]) => {
      for (const statement of statements) await handle.db.execute(sql.raw(statement));
    },
    rows: async <T = Record<string, unknown>>(query: string) =>
      rowsOf<T>(await handle.db.execute(sql.raw(query))),
    /** The shop's own code reads this database from now on (until the file ends). */
    useForApp: () => {
      appUsesIt = true;
      setDatabase(handle);
    },
  };
}
