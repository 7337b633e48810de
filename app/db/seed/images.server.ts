import type { SeedProduct } from "./catalog/seed-product";
import { drawProduct } from "./drawings/product-art";
import { drawLifestyle, drawShopFront, drawShowroom } from "./drawings/showroom";
import { SITE_IMAGES, type SiteImageKey } from "~/lib/site-images";
import type { MediaStore } from "~/lib/media-store.server";
import { writeDrawing } from "./image-cache.server";

export { SITE_IMAGE_KEYS } from "~/lib/site-images";

type ImageSize = { width: number; height: number };

// sharp renders on its own threads; a few pictures at a time keeps every core busy.
const CONCURRENCY = 4;

async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

const SITE_DRAWINGS: Record<SiteImageKey, () => string> = {
  "site/showroom-1": () => drawShowroom(0),
  "site/showroom-2": () => drawShowroom(1),
  "site/showroom-3": () => drawShowroom(2),
  "site/showroom-4": () => drawShowroom(3),
  "site/lifestyle": drawLifestyle,
  "site/about": drawShopFront,
};

/** Draws the hero slides, the lifestyle banner and the about-page picture into the media store. */
export async function writeSiteImages(store: MediaStore): Promise<void> {
  await eachLimited(SITE_IMAGES, async ({ key }) => {
    await writeDrawing(store, key, SITE_DRAWINGS[key]());
  });
}

export function productImageKey(slug: string) {
  return `products/${slug}`;
}

/** Draws each product's picture; returns each one's size by slug. */
export async function writeProductImages(
  store: MediaStore,
  products: readonly SeedProduct[],
): Promise<Map<string, ImageSize>> {
  const sizes = new Map<string, ImageSize>();
  await eachLimited(products, async (product) => {
    const key = productImageKey(product.slug);
    sizes.set(product.slug, await writeDrawing(store, key, drawProduct(product.art)));
  });
  return sizes;
}
