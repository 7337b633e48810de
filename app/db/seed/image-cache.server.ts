import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { IMAGE_FORMATS, IMAGE_WIDTHS } from "~/lib/media";
import {
  renderImageVariants,
  storeImageVariants,
  type ImageVariant,
  type RenderedImage,
} from "~/lib/media.server";
import type { MediaStore } from "~/lib/media-store.server";

type ImageSize = { width: number; height: number };

// Bump when the encoder settings in media.server.ts change, so old renderings are not reused.
const RENDERING_VERSION = 1;
const CACHE_ROOT = path.join(os.tmpdir(), "bed-shop-seed-images");

/**
 * The demo's drawings never change between seeds, but encoding them (AVIF above all) takes most
 * of a seed's time. Each drawing is rendered once per machine into a cache folder, keyed by its
 * content, and written from there to the media store of every later seed (tests, benchmarks).
 */
export async function writeDrawing(
  store: MediaStore,
  key: string,
  svg: string,
): Promise<ImageSize> {
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ svg, IMAGE_WIDTHS, IMAGE_FORMATS, RENDERING_VERSION }))
    .digest("hex");
  const cached = path.join(CACHE_ROOT, hash);
  const rendered = (await readCached(cached)) ?? (await renderAndCache(cached, svg));
  await storeImageVariants(store, key, rendered.variants);
  return rendered.size;
}

const variantFile = (v: Pick<ImageVariant, "width" | "format">) => `${v.width}.${v.format}`;

async function readCached(dir: string): Promise<RenderedImage | null> {
  try {
    const size = JSON.parse(await fs.readFile(path.join(dir, "size.json"), "utf8")) as ImageSize;
    const variants = await Promise.all(
      IMAGE_WIDTHS.flatMap((width) =>
        IMAGE_FORMATS.map(async (format) => ({
          width,
          format,
          bytes: await fs.readFile(path.join(dir, variantFile({ width, format }))),
        })),
      ),
    );
    return { size, variants };
  } catch {
    return null;
  }
}

async function renderAndCache(cached: string, svg: string): Promise<RenderedImage> {
  const rendered = await renderImageVariants(svg);
  await storeInCache(cached, rendered).catch(() => {});
  return rendered;
}

/** Fills a private folder first and renames it into place, so readers never see half a set. */
async function storeInCache(cached: string, rendered: RenderedImage) {
  const staging = `${cached}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  await fs.mkdir(staging, { recursive: true });
  for (const variant of rendered.variants) {
    await fs.writeFile(path.join(staging, variantFile(variant)), variant.bytes);
  }
  await fs.writeFile(path.join(staging, "size.json"), JSON.stringify(rendered.size));
  await fs.rename(staging, cached).catch(() => fs.rm(staging, { recursive: true, force: true }));
}
