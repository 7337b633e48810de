/** Widths every image is rendered at; the browser picks one through `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** Every image is stored in both: AVIF is smaller, WebP is what older browsers can show. */
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export function mediaSrc(
  key: string,
  width: number = IMAGE_WIDTHS[1],
  format: ImageFormat = "webp",
) {
  return `/media/${key}-${width}.${format}`;
}

export function mediaSrcSet(key: string, format: ImageFormat = "webp") {
  return IMAGE_WIDTHS.map((w) => `${mediaSrc(key, w, format)} ${w}w`).join(", ");
}
