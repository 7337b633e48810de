import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  readBackupArchive,
  writeBackupArchive,
  type BackupManifest,
} from "./backup-archive.server";
import {
  migrationsAfter,
  tablesHoldingData,
  type DatabaseContents,
} from "./backup-contents.server";
import { copyPglite, pgliteRows, restorePglite } from "./backup-pglite.server";
import { dumpPostgres, postgresRows, restorePostgres } from "./backup-postgres.server";
import { lockDataDir } from "./data-dir-lock.server";

/**
 * `npm run db:backup` and `npm run db:restore`: the shop's database (PGlite's data folder or
 * PostgreSQL's pg_dump) and the data folder's media in one file (docs/decisions/020-backups.md).
 */
type Where = { databaseUrl?: string; dataDir: string };

export type BackupReport = {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** PGlite: whether the running shop made the copy (else the folder was not in use). */
  fromRunningShop: boolean;
};

export async function backUpShop(options: Where & { out: string }): Promise<BackupReport> {
  const out = path.resolve(options.out);
  await fsp.mkdir(path.dirname(out), { recursive: true });
  const staging = await fsp.mkdtemp(path.join(path.dirname(out), `.${path.basename(out)}-`));
  try {
    const kind = options.databaseUrl ? "postgres" : "pglite";
    const name = kind === "postgres" ? "postgres.pgdump" : "pglite.tar.gz";
    const databaseFile = path.join(staging, name);
    let contents: DatabaseContents;
    let fromRunningShop = false;
    if (options.databaseUrl) contents = await dumpPostgres(options.databaseUrl, databaseFile);
    else ({ contents, fromRunningShop } = await copyPglite(options.dataDir, databaseFile));
    const manifest = await writeBackupArchive({
      out,
      database: { file: databaseFile, name, kind, contents },
      mediaDir: mediaFolder(options.dataDir),
    });
    return { file: out, bytes: (await fsp.stat(out)).size, manifest, fromRunningShop };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Restore found the shop's data where it would restore, and was not told --force. */
export class RestoreRefused extends Error {
  constructor(
    readonly tables: [string, number][],
    readonly mediaFiles: number,
  ) {
    const holding = [
      ...(tables.length ? [`the database holds data (${summariseTables(tables)})`] : []),
      ...(mediaFiles ? [`the data folder holds ${plural(mediaFiles, "media file")}`] : []),
    ];
    super(
      `Not restored: ${holding.join(" and ")}. A restore replaces them with the backup: ` +
        "run it again with --force to do that.",
    );
  }
}

export type RestoreReport = {
  manifest: BackupManifest;
  /** What the restored database holds (counted after the restore). */
  contents: DatabaseContents;
  /**
   * Migrations of this version the backup did not have yet (the shop applies them when it
   * starts); null when the backup was made by a newer version than this one.
   */
  newerMigrations: string[] | null;
};

/**
 * Restores a backup into the configured database and the data folder's media. Refuses (throws
 * RestoreRefused) when either holds data, unless `force`. The data folder stays locked
 * throughout, so a shop on PGlite cannot start in the middle (nor run while it restores).
 */
export async function restoreShop(
  options: Where & { file: string; force: boolean },
): Promise<RestoreReport> {
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  const kind = options.databaseUrl ? "postgres" : "pglite";
  const unlock = lockDataDir(options.dataDir);
  let staging: string | undefined;
  try {
    const rows = options.databaseUrl
      ? await postgresRows(options.databaseUrl)
      : await pgliteRows(options.dataDir);
    const holding = tablesHoldingData(rows);
    const mediaFiles = await countFiles(mediaFolder(options.dataDir));
    if ((holding.length || mediaFiles) && !options.force) {
      throw new RestoreRefused(holding, mediaFiles);
    }

    staging = await fsp.mkdtemp(path.join(options.dataDir, ".restore-"));
    const databaseFile = path.join(staging, "database");
    const manifest = await readBackupArchive({
      file,
      databaseFile,
      mediaDir: path.join(staging, "media"),
    });
    if (manifest.database.kind !== kind) throw new Error(wrongKind(manifest.database.kind));

    const contents = options.databaseUrl
      ? await restorePostgres(options.databaseUrl, databaseFile)
      : await restorePglite(options.dataDir, databaseFile, staging);
    await replaceMedia(options.dataDir, path.join(staging, "media"), staging);
    return { manifest, contents, newerMigrations: migrationsAfter(contents.migration) };
  } finally {
    if (staging) await fsp.rm(staging, { recursive: true, force: true });
    unlock();
  }
}

function wrongKind(backupKind: "pglite" | "postgres") {
  return backupKind === "pglite"
    ? "This backup is of a PGlite data folder and restores only into one: unset DATABASE_URL " +
        "and set DATA_DIR to the folder to restore into."
    : "This backup is of a PostgreSQL database and restores only into one: set DATABASE_URL " +
        "to the database to restore into.";
}

const mediaFolder = (dataDir: string) => path.join(dataDir, "media");

/** The backup's media in place of the data folder's (the old ones set aside until it is done). */
async function replaceMedia(dataDir: string, restored: string, asideDir: string) {
  const media = mediaFolder(dataDir);
  const aside = path.join(asideDir, "media-before");
  const hadMedia = fs.existsSync(media);
  if (hadMedia) await fsp.rename(media, aside);
  try {
    if (fs.existsSync(restored)) await fsp.rename(restored, media);
  } catch (error) {
    if (hadMedia) await fsp.rename(aside, media);
    throw error;
  }
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

/** The lines `npm run db:backup` prints. */
export function describeBackup(report: BackupReport): string[] {
  const { database, media } = report.manifest;
  const source =
    database.kind === "postgres"
      ? "PostgreSQL, pg_dump"
      : report.fromRunningShop
        ? "PGlite, copied by the running shop"
        : "PGlite, its data folder not in use";
  return [
    `Backed up to ${report.file} (${size(report.bytes)}).`,
    `  Database (${source}; ${size(database.bytes)}): ${describeTables(database.tables)}.`,
    `  Migrations: up to ${database.migration ?? "none"}.`,
    `  Media: ${plural(media.files, "file")} (${size(media.bytes)}).`,
  ];
}

/** The lines `npm run db:restore` prints. */
export function describeRestore(report: RestoreReport, where: Where): string[] {
  const { database, media, createdAt } = report.manifest;
  const target =
    database.kind === "postgres"
      ? "the PostgreSQL database of DATABASE_URL"
      : `the PGlite database in ${path.resolve(where.dataDir)}`;
  const newer = report.newerMigrations;
  const migrations =
    newer === null
      ? "a newer version of the shop made it: restore and run it with that version."
      : newer.length
        ? `${plural(newer.length, "newer migration")} of this version (${newer.join(", ")}) ` +
          `${newer.length === 1 ? "applies" : "apply"} when the shop starts, or with npm run db:migrate.`
        : "the database is at this version's last migration.";
  return [
    `Restored the backup made ${createdAt} into ${target}.`,
    `  Database: ${describeTables(report.contents.tables)}.`,
    `  Media: ${plural(media.files, "file")} (${size(media.bytes)}) in ${mediaFolder(path.resolve(where.dataDir))}.`,
    `  Migrations: the backup is at ${report.contents.migration ?? "none"}; ${migrations}`,
  ];
}

/** The row counts staff look for first after a restore. */
const KEY_TABLES: [table: string, label: string][] = [
  ["orders", "order"],
  ["payments", "payment"],
  ["invoices", "invoice"],
  ["products", "product"],
  ["purchase_orders", "purchase order"],
  ["users", "user"],
];

function describeTables(tables: Record<string, number>): string {
  const total = Object.values(tables).reduce((sum, n) => sum + n, 0);
  const key = KEY_TABLES.map(([table, label]) => plural(tables[table] ?? 0, label));
  return `${plural(Object.keys(tables).length, "table")}, ${plural(total, "row")}: ${key.join(", ")}`;
}

/** The tables holding data, the key ones first, then the largest. */
function summariseTables(tables: [string, number][]): string {
  const rank = (name: string) => {
    const key = KEY_TABLES.findIndex(([table]) => table === name);
    return key === -1 ? KEY_TABLES.length : key;
  };
  const sorted = [...tables].sort((a, b) => rank(a[0]) - rank(b[0]) || b[1] - a[1]);
  const named = sorted.slice(0, 4).map(([name, rows]) => `${name}: ${plural(rows, "row")}`);
  const more = sorted.length - named.length;
  return more > 0 ? `${named.join(", ")} and ${plural(more, "more table")}` : named.join(", ");
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function size(bytes: number) {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
