import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, mediaSrc } from "./media";

export function mediaDir(dataDir: string) {
  return path.join(dataDir, "media");
}

/**
 * Renders an image (an SVG drawing or an uploaded file) to WebP at every width of
 * IMAGE_WIDTHS under DATA_DIR/media, and returns its intrinsic size at the largest width.
 */
export async function writeImageVariants(options: {
  dataDir: string;
  key: string;
  input: Buffer | string;
}): Promise<{ width: number; height: number }> {
  const input = typeof options.input === "string" ? Buffer.from(options.input) : options.input;
  const dir = mediaDir(options.dataDir);
  let size = { width: 0, height: 0 };
  for (const width of IMAGE_WIDTHS) {
    const file = path.join(dir, mediaSrc(options.key, width).replace(/^\/media\//, ""));
    await fs.mkdir(path.dirname(file), { recursive: true });
    const info = await sharp(input, { density: 144 })
      .resize({ width, withoutEnlargement: false })
      .webp({ quality: 72 })
      .toFile(file);
    size = { width: info.width, height: info.height };
  }
  return size;
}
