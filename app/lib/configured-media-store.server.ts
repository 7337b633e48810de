import path from "node:path";
import { env, type Env } from "~/env.server";
import { SHOP_MEDIA_PATH } from "./media";
import { folderMediaStore } from "./media-store-folder.server";
import { s3MediaStore } from "./media-store-s3.server";
import type { MediaStore } from "./media-store.server";

/**
 * The store MEDIA_STORE names: the folder `media` in `dataDir` (DATA_DIR by default) when it is
 * unset, else the object storage (one client per process and bucket).
 */
export function mediaStore(options: { dataDir?: string } = {}, e: Env = env()): MediaStore {
  if (!e.MEDIA_STORE) return folderMediaStore(path.join(options.dataDir ?? e.DATA_DIR, "media"));
  return s3MediaStore({
    ...e.MEDIA_STORE,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? "us-east-1",
  });
}

/** Where image URLs point: MEDIA_PUBLIC_URL, else the shop's own /media. */
export function mediaBaseUrl(e: Env = env()): string {
  return e.MEDIA_PUBLIC_URL ?? SHOP_MEDIA_PATH;
}

/** The origin the pages' images come from besides the shop's own, for the CSP's img-src. */
export function mediaOrigin(e: Env = env()): string | null {
  return e.MEDIA_PUBLIC_URL ? new URL(e.MEDIA_PUBLIC_URL).origin : null;
}
