/** The part of pdfkit (the PDF writer under @react-pdf) that `pdf-fonts.server.ts` wraps. */
declare module "pdfkit" {
  type PdfKitFont = object;
  interface PDFDocument {
    _font: PdfKitFont | null;
    _fontSource: unknown;
    _fontFamily: unknown;
    font(src: unknown, family?: unknown, size?: number): PDFDocument;
    fontSize(size: number): PDFDocument;
  }
  const PDFDocument: { prototype: PDFDocument };
  export default PDFDocument;
}
