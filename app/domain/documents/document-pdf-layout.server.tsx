import { Canvas, Document, Font, Page, StyleSheet, Text, View, pdf } from "@react-pdf/renderer";
import { PDF_FONT, registerPdfFonts } from "./pdf-fonts.server";
import type { BusinessDocument } from "./business-document";

/**
 * The one A4 layout of every document the shop prints (purchase orders, tax invoices, credit
 * notes, run sheets, delivery notes): the shop's details, the parties, the facts, a table of
 * lines whose heading repeats on each page, the totals, lines to sign on, notes and a footnote, and
 * the page's number at the foot of every page (`pageFoot`).
 */
export async function layOutDocument(document: BusinessDocument): Promise<Buffer> {
  registerPdfFonts();
  // The library's renderToBuffer never unmounts the tree it renders: every PDF's React nodes
  // stayed in memory for good (about 25 KB a document). Its `pdf` instance is unmounted here once
  // the bytes are out, and the event loop is let through once, so React's scheduler runs the
  // work it queued for this document: PDFs made back to back otherwise piled their queued work
  // up (about 30 KB each) until the process next fell idle (bench/README.md).
  const instance = pdf(<DocumentPdf document={document} />);
  try {
    const stream = await instance.toBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    instance.updateContainer(null as unknown as React.ReactElement);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT,
    fontSize: 9,
    paddingTop: 36,
    paddingHorizontal: 36,
    paddingBottom: 54,
    color: "#111",
  },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 18 },
  title: { fontSize: 18, fontWeight: "bold" },
  bold: { fontWeight: "bold" },
  muted: { color: "#555" },
  parties: { flexDirection: "row", gap: 24, marginBottom: 18 },
  party: { flex: 1 },
  heading: { fontSize: 10, fontWeight: "bold", marginBottom: 4 },
  facts: { flexDirection: "row", flexWrap: "wrap", gap: 24, marginBottom: 18 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#bbb", paddingVertical: 4 },
  headRow: { borderBottomWidth: 1, borderColor: "#111", fontWeight: "bold" },
  cell: { paddingRight: 6 },
  right: { textAlign: "right", paddingRight: 0 },
  totals: { marginTop: 10, alignSelf: "flex-end", width: "50%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  footnote: { marginTop: 18, color: "#555" },
  signatures: { marginTop: 28, gap: 22 },
  signature: { flexDirection: "row", alignItems: "flex-end", gap: 8 },
  signHere: { minHeight: 40, marginBottom: 6, borderBottomWidth: 0.75, borderColor: "#111" },
  signatureLine: { flex: 1, borderBottomWidth: 0.75, borderColor: "#111", height: 14 },
  pageNumber: { position: "absolute", bottom: 24, left: 36, right: 36, height: 11 },
  endMark: { width: 1, height: 1 },
});

/**
 * The foot of each page: "Run 1 · Page 1, continued on page 2" and, on the last page, "Run 1 ·
 * Page 4 of 4". The library numbers pages "1 of 4" only by laying every page out again for each
 * page it breaks (a fifth of a 30-stop run sheet's time, bench/README.md), so the foot is drawn
 * as each page is written instead: the pages are written in order, and a mark drawn after the
 * footnote, on the last page only, tells the foot below it that its page is the last.
 */
function pageFoot(number: string) {
  let page = 0;
  let last = false;
  // The library may also call a Canvas's paint, with no width, to measure what it draws.
  return {
    end: (_painter: unknown, width?: number) => {
      if (width !== undefined) last = true;
      return null;
    },
    paint: (painter: PdfPainter, width?: number) => {
      if (width === undefined) return null;
      page += 1;
      const font = Font.getFont({ fontFamily: PDF_FONT, fontWeight: "normal" }).data;
      painter
        .font(font, 9)
        .fillColor("#555")
        .text(
          last
            ? `${number} · Page ${page} of ${page}`
            : `${number} · Page ${page}, continued on page ${page + 1}`,
          0,
          0,
          { width, align: "right", lineBreak: false },
        );
      return null;
    },
  };
}

/** What a Canvas is handed to draw with: the PDF writer's own drawing calls. */
type PdfPainter = {
  font(font: unknown, size: number): PdfPainter;
  fillColor(color: string): PdfPainter;
  text(text: string, x: number, y: number, options: object): PdfPainter;
};

function DocumentPdf({ document: doc }: { document: BusinessDocument }) {
  const { shop } = doc;
  const foot = pageFoot(doc.number);
  return (
    <Document title={`${doc.title} ${doc.number}`} author={shop.storeName}>
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.title}>{doc.title}</Text>
            <Text style={styles.bold}>{doc.number}</Text>
            {doc.subtitle ? <Text style={styles.muted}>{doc.subtitle}</Text> : null}
          </View>
          <View>
            <Text style={styles.bold}>{shop.storeName}</Text>
            <Text>{shop.legalName}</Text>
            <Text style={styles.muted}>Registration number {shop.registrationNumber}</Text>
            {shop.vatNumber ? <Text style={styles.muted}>VAT number {shop.vatNumber}</Text> : null}
          </View>
        </View>

        <View style={styles.parties}>
          {doc.parties.map((party) => (
            <View key={party.heading} style={styles.party}>
              <Text style={styles.heading}>{party.heading}</Text>
              {party.lines.map((line, i) => (
                <Text key={i} style={i === 0 ? styles.bold : undefined}>
                  {line}
                </Text>
              ))}
            </View>
          ))}
        </View>

        <View style={styles.facts}>
          {doc.facts.map((fact) => (
            <View key={fact.label}>
              <Text style={styles.muted}>{fact.label}</Text>
              <Text style={styles.bold}>{fact.value}</Text>
            </View>
          ))}
        </View>

        <View style={[styles.row, styles.headRow]} fixed>
          {doc.columns.map((column) => (
            <Text
              key={column.label}
              style={[
                styles.cell,
                { width: column.width },
                column.align === "right" ? styles.right : {},
              ]}
            >
              {column.label}
            </Text>
          ))}
        </View>
        {doc.rows.map((row, r) => (
          <View key={r} style={styles.row} wrap={false}>
            {row.map((value, c) =>
              doc.columns[c]?.sign ? (
                <View key={c} style={[styles.signHere, { width: doc.columns[c]?.width }]} />
              ) : (
                <Text
                  key={c}
                  style={[
                    styles.cell,
                    { width: doc.columns[c]?.width },
                    doc.columns[c]?.align === "right" ? styles.right : {},
                  ]}
                >
                  {value}
                </Text>
              ),
            )}
          </View>
        ))}

        <View style={styles.totals} wrap={false}>
          {doc.totals.map((total) => (
            <View key={total.label} style={styles.totalRow}>
              <Text style={total.bold ? styles.bold : undefined}>{total.label}</Text>
              <Text style={total.bold ? styles.bold : undefined}>{total.value}</Text>
            </View>
          ))}
        </View>

        {doc.signatures?.length ? (
          <View style={styles.signatures} wrap={false}>
            {doc.signatures.map((label) => (
              <View key={label} style={styles.signature}>
                <Text style={{ width: 170 }}>{label}</Text>
                <View style={styles.signatureLine} />
              </View>
            ))}
          </View>
        ) : null}
        {doc.notes ? (
          <View style={styles.footnote}>
            <Text style={styles.heading}>Notes</Text>
            <Text>{doc.notes}</Text>
          </View>
        ) : null}
        <View wrap={false}>
          <Text style={styles.footnote}>{doc.footnote}</Text>
          <Canvas style={styles.endMark} paint={foot.end} />
        </View>
        <Canvas style={styles.pageNumber} fixed paint={foot.paint} />
      </Page>
    </Document>
  );
}
