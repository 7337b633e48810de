import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";

const serverUrl = process.env.TEST_DATABASE_URL;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

// PostgreSQL only: several processes of the shop migrating one database as they start together.
describe.runIf(serverUrl)("migrating PostgreSQL", () => {
  it("applies each migration once when several processes start at once, and is a no-op after", async () => {
    const name = `bed_shop_migrate_${crypto.randomBytes(4).toString("hex")}`;
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      await handles[0]!.migrate();
      const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
        entries: unknown[];
      };
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query<{ n: number; distinct_hashes: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from "drizzle"."__drizzle_migrations"',
      );
      // Nothing outlives the migration: no session-level lock is left held.
      const locks = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      await client.end();
      expect(rows[0]).toEqual({
        n: journal.entries.length,
        distinct_hashes: journal.entries.length,
      });
      expect(locks.rows[0]!.n).toBe(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
