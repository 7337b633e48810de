import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  assertMediaFileName,
  mediaContentType,
  type MediaHead,
  type MediaListing,
  type MediaObject,
  type MediaStore,
} from "./media-store.server";

/**
 * The media as files in one folder (DATA_DIR/media): right for one machine, which serves them
 * itself (server/media-route.ts); several machines need object storage (MEDIA_STORE).
 */
export function folderMediaStore(dir: string): MediaStore {
  const fileOf = (name: string) => {
    assertMediaFileName(name);
    return path.join(dir, name);
  };
  const head = async (name: string): Promise<MediaHead | null> => {
    const stat = await fsp.stat(fileOf(name)).catch(missingAsNull);
    if (!stat?.isFile()) return null;
    return {
      contentType: mediaContentType(name),
      contentLength: stat.size,
      lastModified: stat.mtime,
    };
  };
  return {
    location: dir,
    folder: dir,
    async put(name, body) {
      const file = fileOf(name);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed into place: a request never reads half a file.
      const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.partial`;
      await fsp.writeFile(partial, body);
      await fsp.rename(partial, file);
    },
    head,
    async get(name): Promise<MediaObject | null> {
      const found = await head(name);
      if (!found) return null;
      return { ...found, body: fs.createReadStream(fileOf(name)) };
    },
    async delete(name) {
      await fsp.rm(fileOf(name), { force: true });
    },
    async *list(folder): AsyncIterable<MediaListing> {
      const root = fileOf(folder);
      const entries = await fsp.readdir(root, { recursive: true }).catch(missingAsNull);
      for (const entry of entries ?? []) {
        const stat = await fsp.stat(path.join(root, entry)).catch(missingAsNull);
        if (!stat?.isFile()) continue;
        yield { name: `${folder}/${entry.split(path.sep).join("/")}`, lastModified: stat.mtime };
      }
    },
  };
}

function missingAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
  throw error;
}
