import type { BusinessDocument } from "~/domain/documents/business-document";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** The lines' table of a tax invoice and of a credit note: the same columns on both. */
export function printedLines(
  lines: readonly {
    description: string;
    sku: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[],
): Pick<BusinessDocument, "columns" | "rows"> {
  return {
    columns: [
      { label: "Description", width: "43%" },
      { label: "SKU", width: "17%" },
      { label: "Quantity", width: "10%", align: "right" },
      { label: "Unit price", width: "15%", align: "right" },
      { label: "Amount", width: "15%", align: "right" },
    ],
    rows: lines.map((line) => [
      line.description,
      line.sku,
      String(line.quantity),
      money(line.unitPriceCents),
      money(line.lineTotalCents),
    ]),
  };
}
