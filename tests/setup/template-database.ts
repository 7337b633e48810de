import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (a tarball) that each test file's database starts from. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each file's database copies. */
    postgresTemplate: string;
  }
}

let postgresTemplate: string | undefined;

/**
 * Creates and migrates one database for the whole run: creating PGlite's (its initdb) and
 * migrating took 4-6 s per test file, starting from the migrated copy under one.
 */
export async function setup(project: TestProject) {
  project.provide("pgliteTemplate", await pgliteTemplate());

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  postgresTemplate = `bed_shop_template_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${postgresTemplate}`);
  const url = new URL(serverUrl);
  url.pathname = `/${postgresTemplate}`;
  const template = await openDatabase({ url: url.toString() });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  project.provide("postgresTemplate", postgresTemplate);
}

export async function teardown() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && postgresTemplate) {
    await adminQuery(serverUrl, `drop database if exists ${postgresTemplate} with (force)`);
  }
}

/**
 * The migrated PGlite tarball, kept between runs under node_modules/.cache for the migrations,
 * the database code and the PGlite version it was made with: creating and migrating one takes
 * 10-25 s, which a second run (CI's PostgreSQL run, a developer's next run) no longer spends.
 */
async function pgliteTemplate(): Promise<string> {
  const hash = crypto.createHash("sha256");
  const migrations = path.resolve("drizzle");
  for (const name of (await fs.readdir(migrations)).filter((n) => n.endsWith(".sql")).sort()) {
    hash.update(name).update(await fs.readFile(path.join(migrations, name)));
  }
  hash.update(await fs.readFile(path.join(migrations, "meta", "_journal.json")));
  hash.update(await fs.readFile(path.resolve("app/db/client.server.ts")));
  hash.update(await fs.readFile(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  const cache = path.resolve("node_modules/.cache/bed-shop-test-template");
  const file = path.join(cache, `${hash.digest("hex").slice(0, 24)}.tar`);
  if (
    await fs.stat(file).then(
      () => true,
      () => false,
    )
  )
    return file;

  const handle = await openDatabase({});
  try {
    await handle.migrate();
    // Written out at a checkpoint, each file's copy opens without replaying the migrations' WAL
    // (on a busy machine 2.9 s instead of 3.6, median of six each).
    await handle.db.execute(sql`checkpoint`);
    const dump = Buffer.from(await (await handle.dump!()).arrayBuffer());
    await fs.mkdir(cache, { recursive: true });
    // Written beside it and renamed, so a run stopped half-way never leaves half a tarball.
    const partial = `${file}.${process.pid}`;
    await fs.writeFile(partial, dump);
    await fs.rename(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
