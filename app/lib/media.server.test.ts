import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, mediaFileName } from "./media";
import { renderImageVariants, writeImageVariants } from "./media.server";
import { folderMediaStore } from "./media-store-folder.server";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-test-"));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("writeImageVariants", () => {
  it("writes AVIF and WebP at every width and gives the largest one's size", async () => {
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#246"/></svg>`;
    const store = folderMediaStore(path.join(dataDir, "media"));
    const size = await writeImageVariants({ store, key: "products/box", input: drawing });
    expect(size).toEqual({ width: 960, height: 720 });
    for (const width of IMAGE_WIDTHS) {
      for (const format of ["avif", "webp"] as const) {
        const file = path.join(dataDir, "media", mediaFileName("products/box", width, format));
        const meta = await sharp(file).metadata();
        expect({ width: meta.width, format: meta.format }).toEqual({
          width,
          format: format === "avif" ? "heif" : "webp",
        });
      }
    }
  });

  it("refuses what is not a picture before anything is stored", async () => {
    await expect(renderImageVariants(Buffer.from("not a picture"))).rejects.toThrow();
  });
});
