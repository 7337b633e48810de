/** Widths every image is rendered at; the browser picks one through `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

export function mediaSrc(key: string, width: number = IMAGE_WIDTHS[1]) {
  return `/media/${key}-${width}.webp`;
}

export function mediaSrcSet(key: string) {
  return IMAGE_WIDTHS.map((w) => `${mediaSrc(key, w)} ${w}w`).join(", ");
}
