import crypto from "node:crypto";
import fs from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/db/client.server";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when TEST_DATABASE_URL
 * is set, a new PostgreSQL database created for the file and dropped after it. Each starts as a
 * copy of the run's migrated template (tests/setup/template-database.ts); the migrations still
 * run, and find nothing left to do.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await fs.readFile(inject("pgliteTemplate"));
    const handle = await openDatabase({ fromDump: new Blob([template]) });
    await handle.migrate();
    return handle;
  }
  const name = `bed_shop_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool's connections close a moment after pool.end(); forcing them closed would
      // surface as errors on clients that are already finishing, so wait for them instead.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}

/** Opens a test database before the file's tests and makes it the process's database. */
export function useTestDatabase(): { handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
  });
  return {
    handle: () => {
      if (!handle) throw new Error("The test database is not open yet.");
      return handle;
    },
  };
}
