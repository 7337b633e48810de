import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  isMediaFileName,
  MEDIA_CACHE_CONTROL,
  type MediaHead,
  type MediaStore,
} from "../app/lib/media-store.server";

/**
 * /media/*: the stored images, with a year's cache (a stored file never changes). From the data
 * folder, express.static sends them as before; from object storage, each is streamed from the
 * bucket with the same headers (a conditional request is answered 304 after a HEAD). A name
 * with no file goes on to the shop's own 404 page, as express.static does.
 */
export function mediaRoute(store: MediaStore): express.RequestHandler {
  const serve: express.RequestHandler = store.folder
    ? express.static(store.folder, { immutable: true, maxAge: "1y" })
    : (req, res, next) => {
        streamFromStore(store, req, res, next).catch(next);
      };
  // Delivery proofs (signatures, photos at a customer's door) are for staff only, through the
  // order's own route: here they are a name with no file, whatever way the path is written.
  return (req, res, next) => (isPrivatePath(req.path) ? next() : serve(req, res, next));
}

/** The folders of the store that /media never serves. */
const PRIVATE_FOLDERS = ["proofs"];

/** Whether a /media path, decoded and normalised as the folder or the store would read it, is private. */
export function isPrivatePath(requestPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return true;
  }
  const normal = path.posix.normalize(`/${decoded.replace(/\\/g, "/")}`).replace(/^\/+/, "");
  const first = normal.split("/")[0]!.toLowerCase();
  return PRIVATE_FOLDERS.includes(first);
}

async function streamFromStore(store: MediaStore, req: Request, res: Response, next: NextFunction) {
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
    setHeaders(res, head);
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
  setHeaders(res, found);
  try {
    await pipeline(found.body, res);
  } catch (error) {
    // A visitor who went away mid-file is no error; the answer cannot change once begun.
    if (!res.headersSent) throw error;
    res.destroy();
  }
}

function setHeaders(res: Response, head: MediaHead) {
  res.set({
    "Content-Type": head.contentType,
    "Content-Length": String(head.contentLength),
    "Cache-Control": MEDIA_CACHE_CONTROL,
  });
  if (head.etag) res.set("ETag", head.etag);
  if (head.lastModified) res.set("Last-Modified", head.lastModified.toUTCString());
}
