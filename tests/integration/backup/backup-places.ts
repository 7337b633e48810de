import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

/**
 * Where a backup is taken from or restored into: a data folder, and on the PostgreSQL run
 * (TEST_DATABASE_URL) a database of its own on the test server.
 */
export type Place = { databaseUrl?: string; dataDir: string };

const serverUrl = process.env.TEST_DATABASE_URL;

export const DATABASE_KIND = serverUrl ? "PostgreSQL" : "PGlite";

/**
 * A new place under `root`: migrated (a copy of the run's migrated template), or empty (no
 * PGlite folder; a PostgreSQL database with no tables).
 */
export async function newPlace(
  root: string,
  name: string,
  options: { migrated: boolean },
): Promise<Place> {
  const dataDir = path.join(root, name);
  await fs.mkdir(dataDir, { recursive: true });
  if (!serverUrl) {
    if (options.migrated) {
      const template = await fs.readFile(inject("pgliteTemplate"));
      const handle = await openDatabase({ dataDir, fromDump: new Blob([template]) });
      await handle.close();
    }
    return { dataDir };
  }
  const database = `bed_shop_backup_${crypto.randomBytes(6).toString("hex")}`;
  const template = options.migrated ? ` template ${inject("postgresTemplate")}` : "";
  await adminQuery(`create database ${database}${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { dataDir, databaseUrl: url.toString() };
}

/** Opens the place's database (PGlite: holding its data folder until closed). */
export function openPlace(place: Place): Promise<DatabaseHandle> {
  return openDatabase(place.databaseUrl ? { url: place.databaseUrl } : { dataDir: place.dataDir });
}

/** Drops the places' PostgreSQL databases (their folders go with the test's root folder). */
export async function dropPlaces(places: (Place | undefined)[]) {
  for (const place of places) {
    if (!place?.databaseUrl) continue;
    const name = new URL(place.databaseUrl).pathname.slice(1);
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
