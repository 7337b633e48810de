import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { IMAGE_FORMATS, IMAGE_WIDTHS, mediaSrc } from "~/lib/media";
import { mediaDir, writeImageVariants } from "~/lib/media.server";

type ImageSize = { width: number; height: number };

// Bump when the encoder settings in media.server.ts change, so old renderings are not reused.
const RENDERING_VERSION = 1;
const CACHE_ROOT = path.join(os.tmpdir(), "bed-shop-seed-images");

/**
 * The demo's drawings never change between seeds, but encoding them (AVIF above all) takes most
 * of a seed's time. Each drawing is rendered once per machine into a cache folder, keyed by its
 * content, and copied from there into the media folder of every later seed (tests, benchmarks).
 */
export async function writeDrawing(dataDir: string, key: string, svg: string): Promise<ImageSize> {
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ svg, IMAGE_WIDTHS, IMAGE_FORMATS, RENDERING_VERSION }))
    .digest("hex");
  const cached = path.join(CACHE_ROOT, hash);
  const size = await readSize(cached);
  if (size) {
    await copyVariants(cached, dataDir, key);
    return size;
  }
  const rendered = await writeImageVariants({ dataDir, key, input: svg });
  await storeInCache(cached, dataDir, key, rendered).catch(() => {});
  return rendered;
}

async function readSize(dir: string): Promise<ImageSize | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, "size.json"), "utf8")) as ImageSize;
  } catch {
    return null;
  }
}

function variantFiles(key: string) {
  return IMAGE_WIDTHS.flatMap((width) =>
    IMAGE_FORMATS.map((format) => ({
      name: `${width}.${format}`,
      relative: mediaSrc(key, width, format).replace(/^\/media\//, ""),
    })),
  );
}

async function copyVariants(cached: string, dataDir: string, key: string) {
  for (const file of variantFiles(key)) {
    const target = path.join(mediaDir(dataDir), file.relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(cached, file.name), target);
  }
}

/** Fills a private folder first and renames it into place, so readers never see half a set. */
async function storeInCache(cached: string, dataDir: string, key: string, size: ImageSize) {
  const staging = `${cached}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  await fs.mkdir(staging, { recursive: true });
  for (const file of variantFiles(key)) {
    await fs.copyFile(path.join(mediaDir(dataDir), file.relative), path.join(staging, file.name));
  }
  await fs.writeFile(path.join(staging, "size.json"), JSON.stringify(size));
  await fs.rename(staging, cached).catch(() => fs.rm(staging, { recursive: true, force: true }));
}
