import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  isMediaFileName,
  MEDIA_CACHE_CONTROL,
  type MediaHead,
  type MediaStore,
} from "../app/lib/media-store.server";

/** Whether a gated folder's file may be shown now (`mediaRoute`'s `gates`). */
export type MediaGate = (name: string) => Promise<boolean>;

/**
 * How long a gated file may be kept by a browser or a CDN: a review's photo is taken down with
 * its review, so it is not kept for a year, and a cache asks again within the hour.
 */
export const GATED_CACHE_CONTROL = "public, max-age=3600";

/**
 * /media/*: the stored images, with a year's cache (a stored file never changes). From the data
 * folder, express.static sends them as before; from object storage, each is streamed from the
 * bucket with the same headers (a conditional request is answered 304 after a HEAD). A name
 * with no file goes on to the shop's own 404 page, as express.static does. A folder named in
 * `gates` is served file by file only while its gate allows (review photos: while their review
 * is published), with an hour's cache; otherwise its files are names with no file.
 */
export function mediaRoute(
  store: MediaStore,
  gates: Record<string, MediaGate> = {},
): express.RequestHandler {
  const served = (cacheControl: string): express.RequestHandler =>
    store.folder
      ? express.static(store.folder, {
          immutable: cacheControl === MEDIA_CACHE_CONTROL,
          maxAge: cacheControl === MEDIA_CACHE_CONTROL ? "1y" : "1h",
        })
      : (req, res, next) => {
          streamFromStore(store, req, res, next, cacheControl).catch(next);
        };
  const serve = served(MEDIA_CACHE_CONTROL);
  const serveGated = served(GATED_CACHE_CONTROL);
  return (req, res, next) => {
    const where = mediaPath(req.path);
    // Delivery proofs (signatures, photos at a customer's door) are for staff only, through the
    // order's own route: here they are a name with no file, whatever way the path is written.
    if (!where || PRIVATE_FOLDERS.includes(where.folder)) return next();
    const gate = gates[where.folder];
    if (!gate) return serve(req, res, next);
    gate(where.name).then((shown) => (shown ? serveGated(req, res, next) : next()), next);
  };
}

/** The folders of the store that /media never serves. */
const PRIVATE_FOLDERS = ["proofs"];

/**
 * A /media path decoded and normalised as the folder or the store would read it: its name in
 * the store and its first folder (lower case); null when it cannot be decoded.
 */
function mediaPath(requestPath: string): { name: string; folder: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  const name = path.posix.normalize(`/${decoded.replace(/\\/g, "/")}`).replace(/^\/+/, "");
  return { name, folder: name.split("/")[0]!.toLowerCase() };
}

async function streamFromStore(
  store: MediaStore,
  req: Request,
  res: Response,
  next: NextFunction,
  cacheControl: string,
) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  let name: string;
  try {
    name = decodeURIComponent(req.path.slice(1));
  } catch {
    return next();
  }
  if (!isMediaFileName(name)) return next();

  const conditional = req.headers["if-none-match"] || req.headers["if-modified-since"];
  if (req.method === "HEAD" || conditional) {
    const head = await store.head(name);
    if (!head) return next();
    setHeaders(res, head, cacheControl);
    // Express compares the request's validators with the ETag and Last-Modified just set.
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    if (req.method === "HEAD") {
      res.end();
      return;
    }
  }
  const found = await store.get(name);
  if (!found) return next();
  setHeaders(res, found, cacheControl);
  try {
    await pipeline(found.body, res);
  } catch (error) {
    // A visitor who went away mid-file is no error; the answer cannot change once begun.
    if (!res.headersSent) throw error;
    res.destroy();
  }
}

function setHeaders(res: Response, head: MediaHead, cacheControl: string) {
  res.set({
    "Content-Type": head.contentType,
    "Content-Length": String(head.contentLength),
    "Cache-Control": cacheControl,
  });
  if (head.etag) res.set("ETag", head.etag);
  if (head.lastModified) res.set("Last-Modified", head.lastModified.toUTCString());
}
