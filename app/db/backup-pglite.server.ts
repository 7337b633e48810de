import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { countShopRows, readContents, type DatabaseContents } from "./backup-contents.server";
import { requestCopyFromHolder } from "./backup-requests.server";
import { lockDataDir } from "./data-dir-lock.server";

/** PGlite keeps its database in DATA_DIR/pglite (client.server.ts). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, "pglite");

export function hasPgliteDatabase(dataDir: string) {
  return fs.existsSync(path.join(pgliteFolder(dataDir), "PG_VERSION"));
}

/**
 * Copies the PGlite database of `dataDir` to `file` (its folder as a gzipped tarball). While the
 * shop runs, the shop makes the copy (backup-requests.server.ts); otherwise this process opens
 * the folder itself, holding its lock. The copy is opened once in memory to count its rows,
 * which also proves it opens.
 */
export async function copyPglite(
  dataDir: string,
  file: string,
): Promise<{ contents: DatabaseContents; fromRunningShop: boolean }> {
  const tarball = `${file}.tar`;
  try {
    const fromRunningShop = await requestCopyFromHolder(dataDir, tarball);
    if (!fromRunningShop) await copyUnheldFolder(dataDir, tarball);
    const contents = await withPglite(
      { loadDataDir: await fs.openAsBlob(tarball, { type: "application/x-tar" }) },
      (client) => readContents(rowsOf(client)),
    );
    await pipeline(fs.createReadStream(tarball), zlib.createGzip(), fs.createWriteStream(file));
    return { contents, fromRunningShop };
  } finally {
    await fsp.rm(tarball, { force: true });
  }
}

async function copyUnheldFolder(dataDir: string, tarball: string) {
  if (!hasPgliteDatabase(dataDir)) {
    throw new Error(`There is no database in ${path.resolve(dataDir)} (DATA_DIR) to back up.`);
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    throw new Error(
      `The data folder ${path.resolve(dataDir)} is in use by a process that did not answer the ` +
        "backup's request (a shop started before backups of the running shop existed, or one " +
        "whose backup socket could not open: see its log). Restart the shop, then back up again.",
      { cause: error },
    );
  }
  try {
    await withPglite({ dataDir: pgliteFolder(dataDir) }, async (client) => {
      await client.exec("CHECKPOINT");
      const copy = await client.dumpDataDir("none");
      await fsp.writeFile(tarball, copy.stream() as never);
    });
  } finally {
    unlock();
  }
}

/** Rows in the shop's tables of the PGlite database in `dataDir` (none when there is none). */
export async function pgliteRows(dataDir: string): Promise<Record<string, number>> {
  if (!hasPgliteDatabase(dataDir)) return {};
  return withPglite({ dataDir: pgliteFolder(dataDir) }, (client) => countShopRows(rowsOf(client)));
}

/**
 * Puts the backup's database (`databaseFile`, a gzipped tarball of a PGlite folder) in place of
 * the one in `dataDir`, which the caller has locked. It is opened in `stagingDir` first (which
 * also counts its rows), then swapped in with two renames, the old folder kept there meanwhile.
 */
export async function restorePglite(
  dataDir: string,
  databaseFile: string,
  stagingDir: string,
): Promise<DatabaseContents> {
  const folder = pgliteFolder(dataDir);
  const restored = path.join(stagingDir, "pglite-restored");
  const aside = path.join(stagingDir, "pglite-before");
  const dump = await fs.openAsBlob(databaseFile, { type: "application/x-gzip" });
  const contents = await withPglite({ dataDir: restored, loadDataDir: dump }, (client) =>
    readContents(rowsOf(client)),
  );
  const hadOne = fs.existsSync(folder);
  if (hadOne) await fsp.rename(folder, aside);
  try {
    await fsp.rename(restored, folder);
  } catch (error) {
    if (hadOne) await fsp.rename(aside, folder);
    throw error;
  }
  return contents;
}

async function withPglite<T>(
  options: { dataDir?: string; loadDataDir?: Blob },
  work: (client: PGlite) => Promise<T>,
): Promise<T> {
  const client = await PGlite.create({ ...options, extensions: { pg_trgm } });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

function rowsOf(client: PGlite) {
  return async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
}
