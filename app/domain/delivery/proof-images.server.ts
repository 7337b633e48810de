import crypto from "node:crypto";
import sharp from "sharp";
import { DomainError } from "~/domain/errors";
import { log } from "~/lib/log.server";
import { reencodePhoto } from "~/lib/media.server";
import type { MediaStore } from "~/lib/media-store.server";

/*
 * The pictures a delivery is proved with: the receiver's signature drawn on the phone (a PNG,
 * checked here, never trusted) and an optional photo (re-encoded, so nothing the phone's camera
 * wrote, such as its location, is kept). Both go to the media store under `proofs/`, by names
 * no one can guess; the public /media route refuses that folder (server/media-route.ts).
 */

/** The folder of proof pictures in the media store; never served at /media. */
export const PROOF_FOLDER = "proofs";
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const PHOTO_WIDTH = 1280;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = "data:image/png;base64,";
/** Fewer dark pixels than this is an empty pad or a stray tap, not a signature. */
const MIN_INK_PIXELS = 30;

const signatureError = (message: string) =>
  new DomainError("invalid", message, { field: "signature", title: "Signature" });
const photoError = (message: string) =>
  new DomainError("invalid", message, { field: "photo", title: "Photo" });

/**
 * The signature as a PNG written again from its pixels, when the data URL holds a real PNG,
 * small enough and not blank.
 */
export async function readSignature(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(DATA_URL))
    throw signatureError("The signature must be a PNG drawing: sign again.");
  const base64 = dataUrl.slice(DATA_URL.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
    throw signatureError("The signature could not be read: sign again.");
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > SIGNATURE_MAX_BYTES) {
    throw signatureError("The signature is too large (over 200 KB): clear it and sign again.");
  }
  if (bytes.length < PNG_MAGIC.length || !bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    throw signatureError("The signature must be a PNG drawing: sign again.");
  }
  let ink: number;
  let clean: Buffer;
  try {
    const meta = await sharp(bytes).metadata();
    if (
      meta.format !== "png" ||
      !meta.width ||
      !meta.height ||
      meta.width * meta.height > 4_000_000
    ) {
      throw new Error("not a signature-sized PNG");
    }
    // Drawn in dark ink on a clear pad: laid on white, the ink is what is darker than mid-grey.
    const { data } = await sharp(bytes)
      .flatten({ background: "#ffffff" })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    ink = data.reduce((n, v) => (v < 128 ? n + 1 : n), 0);
    // Kept as drawn, not as sent: written again from its pixels, so no text chunk or bytes
    // after its end (a page's HTML, say) reach the store.
    clean = await sharp(bytes).png().toBuffer();
  } catch {
    throw signatureError("The signature could not be read: sign again.");
  }
  if (ink < MIN_INK_PIXELS)
    throw signatureError("The signature is blank: ask the receiver to sign.");
  return clean;
}

/** The photo as WebP, at most 1280 px wide, turned upright; refused when too big or unreadable. */
export async function photoAsWebp(photo: Blob): Promise<Buffer> {
  if (photo.size > PHOTO_MAX_BYTES)
    throw photoError("The photo is over 10 MB: take it again at a smaller size.");
  try {
    const reencoded = await reencodePhoto(Buffer.from(await photo.arrayBuffer()), {
      width: PHOTO_WIDTH,
    });
    return reencoded.bytes;
  } catch {
    throw photoError("That photo could not be read: take it again.");
  }
}

/** Stores a proof picture under a random name in `proofs/`; answers the name. */
export async function storeProofImage(store: MediaStore, bytes: Buffer, kind: "png" | "webp") {
  const name = `${PROOF_FOLDER}/${crypto.randomUUID()}.${kind}`;
  await store.put(name, bytes, kind === "png" ? "image/png" : "image/webp");
  return name;
}

/**
 * Removes proof pictures stored for a visit that was not recorded (its transaction refused or
 * failed, or another send of the same proof got there first). Best effort: a file that cannot
 * be removed now is logged (how many, and why, never the names or the pictures) and left to the
 * daily sweep (`sweepUnreferencedProofImages`).
 */
export async function discardProofImages(
  store: MediaStore,
  names: readonly (string | null)[],
  context: { orderNumber: number },
) {
  const stored = names.filter((name): name is string => name !== null);
  const results = await Promise.allSettled(stored.map((name) => store.delete(name)));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length > 0) {
    const reason = failed[0]!.reason as NodeJS.ErrnoException;
    log.warn(
      {
        order: context.orderNumber,
        files: failed.length,
        reason: reason?.code ?? reason?.name ?? "unknown",
      },
      "Could not remove the proof pictures of a delivery not recorded; the sweep will",
    );
  }
}
