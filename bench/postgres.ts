import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The PostgreSQL server the benchmark creates its scratch databases on. */
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type ShopDatabase = { DATABASE_URL: string; DATA_DIR: string };

export async function postgresAnswers(): Promise<boolean> {
  try {
    await adminQuery("select 1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` with a new, empty PostgreSQL database and a media folder of its own (as the shop's
 * DATABASE_URL and DATA_DIR), and drops both afterwards, whatever happens.
 */
export async function withScratchDatabase<T>(
  label: string,
  work: (env: ShopDatabase) => Promise<T>,
): Promise<T> {
  const name = `bed_shop_bench_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), `bed-shop-bench-${label}-`));
  try {
    return await work({ DATABASE_URL: url.toString(), DATA_DIR: mediaDir });
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await fs.rm(mediaDir, { recursive: true, force: true });
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
