import fs from "node:fs";
import path from "node:path";
import { STORE_ICONS } from "../app/components/store/icon-names";
import { buildIconSprite } from "../app/components/store/icon-sprite.server";

/**
 * `npm run icons`: writes app/components/store/icons.svg, the storefront's sprite, from the
 * names in icon-names.ts and lucide's drawings (lucide-react, ISC licence).
 */
const target = path.resolve("app/components/store/icons.svg");
fs.writeFileSync(target, await buildIconSprite(STORE_ICONS));
console.log(`Wrote ${STORE_ICONS.length} icons to ${path.relative(process.cwd(), target)}.`);
