import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import PDFDocument from "pdfkit";

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
  keepEmbeddedFonts();
  registered = true;
}

/**
 * The PDF writer opens a font afresh for every run of text it is handed as a font object (as
 * @react-pdf hands each one): a new embedded font with its own subset, then the font's whole
 * name table serialised to find it is the one it has (a tenth of a 30-stop run sheet's time,
 * bench/README.md). This keeps, per document, the embedded font each font object became the
 * first time, and hands it back, as the writer does for a font named by a string.
 */
function keepEmbeddedFonts(): void {
  const proto = PDFDocument.prototype;
  const open = proto.font;
  const kept = new WeakMap<PDFDocument, WeakMap<object, NonNullable<PDFDocument["_font"]>>>();
  proto.font = function font(this: PDFDocument, src, family, size) {
    if (typeof src !== "object" || src === null || src instanceof Uint8Array) {
      return open.call(this, src, family, size);
    }
    let fonts = kept.get(this);
    const known = fonts?.get(src);
    if (!known) {
      open.call(this, src, family, size);
      if (this._font) {
        if (!fonts) kept.set(this, (fonts = new WeakMap()));
        fonts.set(src, this._font);
      }
      return this;
    }
    if (typeof family === "number") [size, family] = [family, null];
    this._fontSource = src;
    this._fontFamily = family;
    if (size != null) this.fontSize(size);
    this._font = known;
    return this;
  };
}
