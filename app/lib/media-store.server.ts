import path from "node:path";
import type { Readable } from "node:stream";

/** One stored file as read back: its bytes as a stream, and what to answer with them. */
export type MediaObject = {
  body: Readable;
  contentType: string;
  contentLength: number;
  etag?: string;
  lastModified?: Date;
};

/** A file's headers only (HEAD requests). */
export type MediaHead = Omit<MediaObject, "body">;

/**
 * Where the shop keeps its images (uploads and their generated sizes, the demo's drawings):
 * files named like `products/oak-640.webp`, written once and never changed (a new picture gets
 * a new name), so they can be cached for a year.
 */
export interface MediaStore {
  /** For messages: the folder, or s3://bucket/prefix. */
  readonly location: string;
  /** The folder, when the files are on this machine's disk. */
  readonly folder?: string;
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none by that name. */
  get(name: string): Promise<MediaObject | null>;
  head(name: string): Promise<MediaHead | null>;
  /** Removes the file; a name with no file is not an error. */
  delete(name: string): Promise<void>;
  /**
   * The files under a folder (`proofs`), at any depth, with when each was written: for sweeps
   * of what no row refers to. Answered a page at a time.
   */
  list(folder: string): AsyncIterable<MediaListing>;
}

/** One stored file as a listing names it. */
export type MediaListing = { name: string; lastModified: Date };

/** What a stored file is sent with, by the shop and by the object storage alike. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

export function mediaContentType(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
}

/** Path segments of letters, digits, dots, hyphens and underscores; none of them `.` or `..`. */
const FILE_NAME = /^(?!\.{1,2}(\/|$))[\w.-]+(\/(?!\.{1,2}(\/|$))[\w.-]+)*$/;

/** Whether `name` may be a stored file's name (never a way out of the folder or prefix). */
export function isMediaFileName(name: string): boolean {
  return name.length <= 512 && FILE_NAME.test(name);
}

export function assertMediaFileName(name: string) {
  if (!isMediaFileName(name)) throw new Error(`Not a media file name: ${JSON.stringify(name)}`);
}
