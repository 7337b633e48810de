import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { IMAGE_FORMATS, IMAGE_WIDTHS, mediaFileName, type ImageFormat } from "./media";
import type { MediaStore } from "./media-store.server";

/** The data folder's media (MEDIA_STORE unset). */
export function mediaDir(dataDir: string) {
  return path.join(dataDir, "media");
}

// AVIF at quality 45 looks like WebP at 72 and came out about a tenth smaller on the demo's
// drawings (more on photographs); effort 1 keeps encoding several times faster than the default.
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 45, effort: 1 }),
  webp: (image) => image.webp({ quality: 72 }),
};

const CONTENT_TYPE: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

export type ImageVariant = { width: number; format: ImageFormat; bytes: Buffer };
export type RenderedImage = {
  /** The intrinsic size at the largest width. */
  size: { width: number; height: number };
  variants: ImageVariant[];
};

/**
 * Renders an image (an SVG drawing or an uploaded file) to AVIF and WebP at every width of
 * IMAGE_WIDTHS. Throws when the input is not a picture sharp can read.
 */
export async function renderImageVariants(input: Buffer | string): Promise<RenderedImage> {
  const source = typeof input === "string" ? Buffer.from(input) : input;
  // Decode (or rasterise the drawing) once, at the largest width; every file is made from it.
  const largest = Math.max(...IMAGE_WIDTHS);
  const { data, info } = await sharp(source, { density: 144 })
    .resize({ width: largest, withoutEnlargement: false })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const variants: ImageVariant[] = [];
  for (const width of IMAGE_WIDTHS) {
    const resized = sharp(data, raw).resize({ width });
    for (const format of IMAGE_FORMATS) {
      variants.push({ width, format, bytes: await ENCODE[format](resized.clone()).toBuffer() });
    }
  }
  return { size: { width: info.width, height: info.height }, variants };
}

/** Writes every rendering of the image `key` to the store, side by side. */
export async function storeImageVariants(
  store: MediaStore,
  key: string,
  variants: readonly ImageVariant[],
): Promise<void> {
  await Promise.all(
    variants.map(({ width, format, bytes }) =>
      store.put(mediaFileName(key, width, format), bytes, CONTENT_TYPE[format]),
    ),
  );
}

/**
 * Renders an image to AVIF and WebP at every width of IMAGE_WIDTHS into the media store, and
 * returns its intrinsic size at the largest width.
 */
export async function writeImageVariants(options: {
  store: MediaStore;
  key: string;
  input: Buffer | string;
}): Promise<{ width: number; height: number }> {
  const rendered = await renderImageVariants(options.input);
  await storeImageVariants(options.store, options.key, rendered.variants);
  return rendered.size;
}

/**
 * A photo someone uploaded, decoded and written again as WebP: turned upright by its EXIF
 * orientation first, made to fit `resize` (never enlarged), and with none of what the camera
 * wrote (EXIF, GPS, ICC, XMP), since sharp keeps no metadata unless told to. Throws when the
 * bytes are not a picture sharp can read, or one of more than 50 million pixels.
 */
export async function reencodePhoto(
  input: Buffer,
  resize: { width: number; height?: number; fit?: "inside" },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ ...resize, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
