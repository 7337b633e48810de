import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { log } from "~/lib/log.server";

export type CsvCell = string | number | boolean | Date | null | undefined;

/**
 * A cell as a spreadsheet may safely open it: text that Excel or LibreOffice would read as a
 * formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so a
 * visitor's "=HYPERLINK(…)" stays text. Numbers stay numbers, a negative amount written as
 * text ("-115.00", a credit note) too: it is no formula. Dates go out as ISO 8601.
 */
export function csvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return value.toISOString();
  if (/^-\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV download streamed as its rows are read: a byte order mark so Excel reads UTF-8, the
 * header line, then one line per row. Nothing is held beyond the batch being written.
 */
export function csvResponse(options: {
  filename: string;
  header: readonly string[];
  rows: AsyncIterable<readonly CsvCell[]>;
}): Response {
  const csv = stringify({ bom: true, header: false });
  void (async () => {
    try {
      csv.write(options.header.map(csvCell));
      for await (const row of options.rows) {
        if (!csv.write(row.map(csvCell))) {
          await new Promise<void>((resolve) => csv.once("drain", () => resolve()));
        }
      }
      csv.end();
    } catch (error) {
      log.error({ err: error }, "CSV export failed");
      csv.destroy(error as Error);
    }
  })();
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${options.filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
