import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backUpShop, restoreShop } from "~/db/backup.server";
import type { DatabaseHandle } from "~/db/client.server";
import { DATABASE_KIND, dropPlaces, newPlace, openPlace, type Place } from "./backup-places";

/**
 * A backup made by an older version (fewer migrations) restores as it was, and the migrations
 * of this version then bring it up to date, as when the shop starts on it. On PGlite, and on
 * PostgreSQL on the TEST_DATABASE_URL run.
 */
const CUT = 2;
let root: string;
let older: Place;
let restored: Place;
let current: Place;
let journal: { tag: string }[];

async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return (result.rows as { tablename: string }[]).map((row) => row.tablename);
}

/** The migrations folder as an older version had it: this one's less the last CUT. */
async function olderMigrations(): Promise<string> {
  const folder = path.join(root, "older-drizzle");
  await fs.mkdir(path.join(folder, "meta"), { recursive: true });
  const full = JSON.parse(await fs.readFile("drizzle/meta/_journal.json", "utf8"));
  journal = full.entries;
  const kept = journal.slice(0, -CUT);
  await fs.writeFile(
    path.join(folder, "meta/_journal.json"),
    JSON.stringify({ ...full, entries: kept }),
  );
  for (const { tag } of kept) await fs.copyFile(`drizzle/${tag}.sql`, `${folder}/${tag}.sql`);
  return folder;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-older-backup-"));
  older = await newPlace(root, "older", { migrated: false });
  restored = await newPlace(root, "restored", { migrated: false });
  current = await newPlace(root, "current", { migrated: true });
  const migrationsFolder = await olderMigrations();
  const handle = await openPlace(older);
  try {
    if (handle.kind === "postgres") await migratePg(handle.db, { migrationsFolder });
    else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    await handle.db.execute(sql`insert into categories (slug, name) values ('beds', 'Beds')`);
  } finally {
    await handle.close();
  }
});

afterAll(async () => {
  await dropPlaces([older, restored, current]);
  await fs.rm(root, { recursive: true, force: true });
});

describe(`a backup of an older version (${DATABASE_KIND})`, () => {
  it("restores as it was, says which migrations it lacks, and migrates forward", async () => {
    const backup = await backUpShop({ ...older, out: path.join(root, "older.backup") });
    expect(backup.fromRunningShop).toBe(false);
    const lastKept = journal.at(-CUT - 1)!.tag;
    expect(backup.manifest.database.migration).toBe(lastKept);

    const report = await restoreShop({ ...restored, file: backup.file, force: false });
    expect(report.contents.migration).toBe(lastKept);
    expect(report.newerMigrations).toEqual(journal.slice(-CUT).map((entry) => entry.tag));

    const handle = await openPlace(restored);
    try {
      await handle.migrate();
      const applied = await handle.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows).toEqual([{ n: journal.length }]);
      // The tables are this version's: the newer migrations added and dropped what they do.
      const now = await openPlace(current);
      try {
        expect(await tablesOf(handle)).toEqual(await tablesOf(now));
      } finally {
        await now.close();
      }
      const kept = await handle.db.execute(sql`select slug from categories`);
      expect(kept.rows).toEqual([{ slug: "beds" }]);
    } finally {
      await handle.close();
    }
  });
});
