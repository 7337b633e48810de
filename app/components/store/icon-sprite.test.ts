import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STORE_ICONS } from "./icon-names";
import { buildIconSprite } from "./icon-sprite.server";

const spritePath = path.join(import.meta.dirname, "icons.svg");

/** Every .ts/.tsx file under a folder of app/. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the storefront's icon sprite", () => {
  it("is exactly what `npm run icons` writes from the list (run it after changing the list)", async () => {
    expect(fs.readFileSync(spritePath, "utf8")).toBe(await buildIconSprite(STORE_ICONS));
  });

  it("has one symbol for every name, and names each once", () => {
    const sprite = fs.readFileSync(spritePath, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual([...STORE_ICONS]);
    expect(new Set(STORE_ICONS).size).toBe(STORE_ICONS.length);
  });

  it("stops at a name lucide does not have", async () => {
    await expect(buildIconSprite(["no-such-icon-anywhere"])).rejects.toThrow();
  });

  it("is the only way the shop draws icons: lucide-react stays in the back office", () => {
    const app = path.resolve(import.meta.dirname, "../..");
    const backOffice = [path.join(app, "routes/admin"), path.join(app, "components/admin")];
    const offenders = sources(app)
      .filter((file) => !backOffice.some((dir) => file.startsWith(dir + path.sep)))
      .filter((file) => /from\s+["']lucide-react/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(app, file));
    expect(offenders).toEqual([]);
  });
});
