import { describe, expect, it } from "vitest";
import { csvCell, csvResponse } from "./csv.server";

async function* rows() {
  yield ["Naledi, Mokoena", '=HYPERLINK("http://evil.example","click")', 1234.5] as const;
  yield ["+27 82 555 0101", "-sum", "@cmd"] as const;
  yield ['He said "hi"', "line\nbreak", null] as const;
}

describe("CSV exports", () => {
  it("keeps what a spreadsheet would run as a formula as text", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+27 82")).toBe("'+27 82");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("-sum")).toBe("'-sum");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("Queen bed")).toBe("Queen bed");
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell(new Date("2026-11-23T08:00:00Z"))).toBe("2026-11-23T08:00:00.000Z");
    expect(csvCell(null)).toBe("");
  });

  it("writes a negative amount (a credit note's) as the number it is", () => {
    expect(csvCell("-115.00")).toBe("-115.00");
    expect(csvCell("-5")).toBe("-5");
  });

  it("streams a download with a byte order mark, the header and quoted cells", async () => {
    const response = csvResponse({
      filename: "orders 2026.csv",
      header: ["Name", "Note", "Amount"],
      rows: rows(),
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="orders_2026.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(
      [
        "Name,Note,Amount",
        `"Naledi, Mokoena","'=HYPERLINK(""http://evil.example"",""click"")",1234.5`,
        "'+27 82 555 0101,'-sum,'@cmd",
        `"He said ""hi""","line\nbreak",`,
        "",
      ].join("\n"),
    );
  });
});
