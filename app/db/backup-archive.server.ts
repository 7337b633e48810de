import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { extract as tarExtract, pack as tarPack, type Header, type Pack } from "tar-stream";
import type { DatabaseContents } from "./backup-contents.server";

/**
 * One backup is one tar file: the database (`database/...`), the data folder's media
 * (`media/...`) and, last, `manifest.json`, which says what the rest holds and its checksum.
 */
export type BackupManifest = {
  format: "bed-shop-backup";
  version: 1;
  createdAt: string;
  database: DatabaseContents & {
    kind: "pglite" | "postgres";
    /** The database's entry in the archive. */
    file: string;
    bytes: number;
    sha256: string;
  };
  media: { files: number; bytes: number };
};

const FORMAT = "bed-shop-backup";

/**
 * Writes the archive to `out` (through `out.partial`, so a backup cut short never has the final
 * name). Media are read after the database was copied: a picture the copy names was written
 * before its row was saved, so it is there; one saved later is extra and does no harm.
 */
export async function writeBackupArchive(options: {
  out: string;
  database: { file: string; name: string; kind: "pglite" | "postgres"; contents: DatabaseContents };
  mediaDir: string;
}): Promise<BackupManifest> {
  const partial = `${options.out}.partial`;
  const pack = tarPack();
  // Only its owner may read it: it holds every customer's details and the staff's sign-ins.
  const written = pipeline(pack, fs.createWriteStream(partial, { mode: 0o600 }));
  try {
    const entryName = `database/${options.database.name}`;
    const { bytes, sha256 } = await addFile(pack, entryName, options.database.file);
    const media = { files: 0, bytes: 0 };
    for (const relative of await listFiles(options.mediaDir)) {
      let data: Buffer;
      try {
        data = await fsp.readFile(path.join(options.mediaDir, relative));
      } catch (error) {
        // Deleted since the listing (a product's pictures replaced): not in the copy either.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      await addEntry(pack, { name: `media/${relative}`, size: data.length }, data);
      media.files += 1;
      media.bytes += data.length;
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: {
        kind: options.database.kind,
        file: entryName,
        bytes,
        sha256,
        ...options.database.contents,
      },
      media,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await addEntry(pack, { name: "manifest.json", size: json.length }, json);
    pack.finalize();
    await written;
    await fsp.rename(partial, options.out);
    return manifest;
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

function addEntry(pack: Pack, header: Pick<Header, "name" | "size">, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ mode: 0o644, mtime: new Date(), ...header }, data, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

async function addFile(pack: Pack, name: string, file: string) {
  const size = (await fsp.stat(file)).size;
  const hash = crypto.createHash("sha256");
  let entry!: ReturnType<Pack["entry"]>;
  const added = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    if (!entry.write(chunk)) await once(entry, "drain");
  }
  entry.end(undefined);
  await added;
  return { bytes: size, sha256: hash.digest("hex") };
}

/** Every regular file under `dir` (none when it does not exist), as paths relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join("/"))
    .sort();
}

/**
 * Reads a backup: writes its database to `databaseFile` and its media under `mediaDir`, checks
 * them against the manifest (checksum, number of files) and returns the manifest. Throws,
 * having written only into those two places, when the file is not a whole backup.
 */
export async function readBackupArchive(options: {
  file: string;
  databaseFile: string;
  mediaDir: string;
}): Promise<BackupManifest> {
  const extract = tarExtract();
  const reading = pipeline(fs.createReadStream(options.file), extract);
  let manifest: BackupManifest | undefined;
  let database: { name: string; bytes: number; sha256: string } | undefined;
  const media = { files: 0, bytes: 0 };
  try {
    for await (const source of extract) {
      const { name, type } = source.header;
      // streamx's types leave out that its streams are async iterables of chunks.
      const entry = source as typeof source & AsyncIterable<Buffer>;
      if (type === "directory") {
        entry.resume();
        continue;
      }
      if (type !== "file") throw notABackup(`it holds a ${type} (${name})`);
      if (name === "manifest.json") {
        manifest = parseManifest(await readAll(entry));
      } else if (name.startsWith("database/") && !name.slice(9).includes("/")) {
        if (database) throw notABackup("it holds two databases");
        database = { name, ...(await copyHashed(entry, options.databaseFile, 0o600)) };
      } else if (name.startsWith("media/")) {
        const target = safeTarget(options.mediaDir, name.slice("media/".length));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        const { bytes } = await copyHashed(entry, target, 0o644);
        media.files += 1;
        media.bytes += bytes;
      } else {
        throw notABackup(`it holds ${name}`);
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    if (error instanceof Error && !error.message.startsWith("This is not")) {
      throw notABackup(error.message);
    }
    throw error;
  }
  if (!manifest) throw notABackup("it has no manifest.json (cut short?)");
  if (!database || database.name !== manifest.database.file) {
    throw notABackup("its database is missing");
  }
  if (database.sha256 !== manifest.database.sha256 || database.bytes !== manifest.database.bytes) {
    throw notABackup("its database does not match its checksum");
  }
  if (media.files !== manifest.media.files || media.bytes !== manifest.media.bytes) {
    throw notABackup(
      `it holds ${media.files} media files where its manifest says ${manifest.media.files}`,
    );
  }
  return manifest;
}

function notABackup(reason: string) {
  return new Error(`This is not a whole backup of the shop: ${reason}.`);
}

function parseManifest(bytes: Buffer): BackupManifest {
  let value: BackupManifest;
  try {
    value = JSON.parse(bytes.toString("utf8")) as BackupManifest;
  } catch {
    throw notABackup("its manifest.json is not JSON");
  }
  if (value?.format !== FORMAT) throw notABackup("its manifest.json is another program's");
  if (value.version !== 1) {
    throw notABackup(`it is of format version ${value.version}, made by a newer version`);
  }
  return value;
}

/** A media entry's path under `root`, refusing any name that would leave it. */
function safeTarget(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (!relative || path.isAbsolute(relative) || !target.startsWith(path.resolve(root) + path.sep)) {
    throw notABackup(`a media entry's name leaves the media folder (${relative})`);
  }
  return target;
}

async function readAll(entry: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function copyHashed(entry: AsyncIterable<Buffer>, file: string, mode: number) {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  await pipeline(
    entry,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(file, { mode }),
  );
  return { bytes, sha256: hash.digest("hex") };
}
