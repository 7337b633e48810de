/** Widths every image is rendered at; the browser picks one through `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** Every image is stored in both: AVIF is smaller, WebP is what older browsers can show. */
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Where the shop serves the media itself. */
export const SHOP_MEDIA_PATH = "/media";

let mediaBase = SHOP_MEDIA_PATH;

/**
 * Where image URLs point: the shop's own /media, or MEDIA_PUBLIC_URL (a CDN in front of the
 * object storage). The root layout sets it from its loader's data, so the server's render and
 * the browser's agree; it is one value for the whole process.
 */
export function setMediaBase(base: string | undefined) {
  mediaBase = base ? base.replace(/\/+$/, "") : SHOP_MEDIA_PATH;
}

/** One rendering's name in the media store, e.g. `products/oak-640.webp`. */
export function mediaFileName(
  key: string,
  width: number = IMAGE_WIDTHS[1],
  format: ImageFormat = "webp",
) {
  return `${key}-${width}.${format}`;
}

export function mediaSrc(
  key: string,
  width: number = IMAGE_WIDTHS[1],
  format: ImageFormat = "webp",
) {
  return `${mediaBase}/${mediaFileName(key, width, format)}`;
}

export function mediaSrcSet(key: string, format: ImageFormat = "webp") {
  return IMAGE_WIDTHS.map((w) => `${mediaSrc(key, w, format)} ${w}w`).join(", ");
}

/** A stored file by its full name (`reviews/41-1.webp`), for images kept in one rendering. */
export function mediaFileSrc(file: string) {
  return `${mediaBase}/${file.replace(/^\/+/, "")}`;
}
