import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";

/** The family every document of the shop prints in. */
export const PDF_FONT = "DejaVu Sans";

let registered = false;

/**
 * Embeds DejaVu Sans (regular and bold), once per process: the PDF's built-in fonts silently
 * drop letters such as ṱ, ḓ and ṅ that South African names are written with.
 */
export function registerPdfFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"), fontWeight: "normal" },
      { src: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // Words are never split with a hyphen: SKUs and names must print as they are.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
