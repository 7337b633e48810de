import { SIZE_LABELS, type BedSize } from "~/domain/catalog/product-card";

export type StockAlertLine = {
  variantId: number;
  title: string;
  size: BedSize;
  sku: string;
  warehouse: string;
  available: number;
  threshold: number;
};

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** One line of a low-stock e-mail: what, where, how many are left and the stock card's link. */
function describe(line: StockAlertLine, siteUrl: string): string {
  const left = line.available <= 0 ? "out of stock" : `${units(line.available)} available`;
  return [
    `- ${line.title}, ${SIZE_LABELS[line.size]} (SKU ${line.sku}) at ${line.warehouse}: ${left}, threshold ${line.threshold}.`,
    `  ${siteUrl}/admin/inventory/${line.variantId}`,
  ].join("\n");
}

/** The low-stock e-mail to one staff member: every level that crossed its threshold in a batch. */
export function stockAlertMail(lines: readonly StockAlertLine[], siteUrl: string) {
  const first = lines[0];
  if (!first) throw new Error("A low-stock e-mail needs at least one line.");
  const subject =
    lines.length === 1
      ? `Low stock: ${first.title}, ${SIZE_LABELS[first.size]} at ${first.warehouse}`
      : `Low stock: ${lines.length} items at or below their threshold`;
  const text = [
    lines.length === 1
      ? "This item has fallen to its low-stock threshold:"
      : "These items have fallen to their low-stock thresholds:",
    "",
    ...lines.map((line) => describe(line, siteUrl)),
    "",
    "Reorder or move stock from Inventory. You hear about each item again only after it has been restocked above its threshold and falls again.",
    `Switch these e-mails off under My Account: ${siteUrl}/admin/account`,
  ].join("\n");
  return { subject, text };
}
