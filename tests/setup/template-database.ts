import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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

let folder: string | undefined;
let postgresTemplate: string | undefined;

/**
 * Creates and migrates one database for the whole run: creating PGlite's (its initdb) and
 * migrating took 4-6 s per test file, starting from the migrated copy under one.
 */
export async function setup(project: TestProject) {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-test-template-"));
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const file = path.join(folder, "pglite.tar");
    await fs.writeFile(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    project.provide("pgliteTemplate", file);
  } finally {
    await handle.close();
  }

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
  if (folder) await fs.rm(folder, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && postgresTemplate) {
    await adminQuery(serverUrl, `drop database if exists ${postgresTemplate} with (force)`);
  }
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
