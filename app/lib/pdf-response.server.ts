/** A PDF the browser downloads under `filename`, kept by no cache (it may name a customer). */
export function pdfResponse(options: { filename: string; pdf: Buffer }): Response {
  const { filename, pdf } = options;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
