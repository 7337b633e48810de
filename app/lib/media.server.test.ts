import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, mediaSrc } from "./media";
import { writeImageVariants } from "./media.server";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-test-"));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("writeImageVariants", () => {
  it("writes AVIF and WebP at every width and gives the largest one's size", async () => {
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#246"/></svg>`;
    const size = await writeImageVariants({ dataDir, key: "products/box", input: drawing });
    expect(size).toEqual({ width: 960, height: 720 });
    for (const width of IMAGE_WIDTHS) {
      for (const format of ["avif", "webp"] as const) {
        const file = path.join(dataDir, mediaSrc("products/box", width, format));
        const meta = await sharp(file).metadata();
        expect({ width: meta.width, format: meta.format }).toEqual({
          width,
          format: format === "avif" ? "heif" : "webp",
        });
      }
    }
  });
});
