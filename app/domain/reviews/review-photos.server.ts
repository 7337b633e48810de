import crypto from "node:crypto";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { reviewPhotos } from "~/db/schema";
import { DomainError, notFound } from "~/domain/errors";
import { mediaStore } from "~/lib/configured-media-store.server";
import { isDbId } from "~/lib/db-ids";
import { log } from "~/lib/log.server";
import { reencodePhoto } from "~/lib/media.server";
import type { MediaStore } from "~/lib/media-store.server";
import { MAX_REVIEW_PHOTOS, PHOTOS_FIELD, REVIEW_PHOTO_FOLDER } from "./review-limits";

/*
 * A review's photos: JPEG, PNG or WebP as the shopper's phone sends them, each decoded and
 * written again as WebP no larger than 1600 px either way, turned upright first, with nothing
 * the camera wrote kept (no EXIF, no GPS position of the shopper's home). Stored in the media
 * store under `reviews/` by names no one can guess, and shown at /media once published.
 */

/** Three of them, and the form's words, fit the shop's 25 MB upload limit (server/main.ts). */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const REVIEW_PHOTO_SIDE = 1600;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export type ReviewPhoto = { bytes: Buffer; width: number; height: number };
export type StoredReviewPhoto = { file: string; width: number; height: number };

const photoError = (message: string) =>
  new DomainError("invalid", message, { field: PHOTOS_FIELD, title: "Photos" });

/** Checks and re-encodes the chosen files; refuses more than three, or one that is no photo. */
export async function readReviewPhotos(files: readonly File[]): Promise<ReviewPhoto[]> {
  if (files.length > MAX_REVIEW_PHOTOS) {
    throw photoError(`Choose up to ${MAX_REVIEW_PHOTOS} photos.`);
  }
  const photos: ReviewPhoto[] = [];
  for (const file of files) {
    const name = file.name || "A photo";
    if (file.size > REVIEW_PHOTO_MAX_BYTES) {
      throw photoError(`${name} is over 8 MB: choose a smaller photo.`);
    }
    const input = Buffer.from(await file.arrayBuffer());
    let format: string | undefined;
    try {
      format = (await sharp(input).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) {
      throw photoError(`${name} is not a photo: choose JPEG, PNG or WebP files.`);
    }
    try {
      photos.push(
        await reencodePhoto(input, {
          width: REVIEW_PHOTO_SIDE,
          height: REVIEW_PHOTO_SIDE,
          fit: "inside",
        }),
      );
    } catch {
      throw photoError(`${name} could not be read: choose another photo.`);
    }
  }
  return photos;
}

/** Writes the photos to the media store under `reviews/`; answers their names and sizes. */
export async function storeReviewPhotos(
  store: MediaStore,
  photos: readonly ReviewPhoto[],
): Promise<StoredReviewPhoto[]> {
  const stored: StoredReviewPhoto[] = [];
  for (const photo of photos) {
    const file = `${REVIEW_PHOTO_FOLDER}/${crypto.randomBytes(16).toString("base64url")}.webp`;
    await store.put(file, photo.bytes, "image/webp");
    stored.push({ file, width: photo.width, height: photo.height });
  }
  return stored;
}

/** The review_photos rows of a review, in the order chosen. */
export async function insertReviewPhotos(
  tx: Tx,
  reviewId: number,
  photos: readonly StoredReviewPhoto[],
  firstPosition = 0,
) {
  if (photos.length === 0) return;
  await tx
    .insert(reviewPhotos)
    .values(photos.map((p, i) => ({ reviewId, ...p, position: firstPosition + i })));
}

/**
 * Removes stored photos of a review that was not saved (refused, or its transaction failed).
 * Best effort: what cannot be removed is logged by count, never by name.
 */
export async function discardReviewPhotos(store: MediaStore, photos: readonly { file: string }[]) {
  const results = await Promise.allSettled(photos.map((p) => store.delete(p.file)));
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed > 0) log.warn({ files: failed }, "Could not remove the photos of a review not saved");
}

/** A review's photo (any state), for staff, from the media store; a 404 for one we do not hold. */
export async function readReviewPhoto(photoId: number, store: MediaStore = mediaStore()) {
  const [row] = isDbId(photoId)
    ? await db()
        .select({ file: reviewPhotos.file })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.id, photoId))
    : [];
  const found = row ? await store.get(row.file) : null;
  if (!found) throw notFound("There is no such photo.");
  return found;
}
