/** An invoice line as a refund reads it. */
export type InvoiceLineForCredit = {
  position: number;
  description: string;
  sku: string;
  variantId: number | null;
  quantity: number;
  unitPriceCents: number;
};

export type CreditLine = {
  /** The invoice line it credits; null for an amount paid back. */
  invoiceLinePosition: number | null;
  description: string;
  sku: string;
  variantId: number | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
};

/**
 * A credit note's lines: the chosen invoice lines at their invoiced prices and, when the order
 * had a discount, the goods' share of it as a line of its own (the discount was on the goods,
 * never on delivery), so that crediting every line credits exactly what was paid. The share is
 * the chosen goods' part of the goods' value, to the cent; should rounding over several refunds
 * leave a cent more than is still refundable, the share takes it. An amount paid back without
 * lines is one line saying why.
 */
export function creditNoteLinesFor(options: {
  invoiceLines: readonly InvoiceLineForCredit[];
  chosen: readonly { position: number; quantity: number }[];
  amountCents: number | null;
  reason: string;
  /** What may still be refunded on the order. */
  remainingCents: number;
  discountLabel?: string;
}): CreditLine[] {
  const { invoiceLines, chosen } = options;
  if (chosen.length === 0) {
    const amount = options.amountCents ?? 0;
    return [
      {
        invoiceLinePosition: null,
        description: `Refund: ${options.reason}`,
        sku: "",
        variantId: null,
        quantity: 1,
        unitPriceCents: amount,
        lineTotalCents: amount,
      },
    ];
  }
  const isGoods = (l: InvoiceLineForCredit) => l.unitPriceCents > 0 && l.sku !== "";
  const lines: CreditLine[] = [...chosen]
    .sort((a, b) => a.position - b.position)
    .flatMap((c) => {
      const line = invoiceLines.find((l) => l.position === c.position);
      if (!line || c.quantity <= 0) return [];
      return [
        {
          invoiceLinePosition: line.position,
          description: line.description,
          sku: line.sku,
          variantId: line.variantId,
          quantity: c.quantity,
          unitPriceCents: line.unitPriceCents,
          lineTotalCents: c.quantity * line.unitPriceCents,
        },
      ];
    });
  const discount = -invoiceLines
    .filter((l) => l.unitPriceCents < 0)
    .reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  const goodsValue = invoiceLines
    .filter(isGoods)
    .reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  const chosenGoods = lines
    .filter((l) => l.unitPriceCents > 0 && l.sku !== "")
    .reduce((sum, l) => sum + l.lineTotalCents, 0);
  const value = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  let share =
    discount > 0 && goodsValue > 0 ? Math.round((chosenGoods * discount) / goodsValue) : 0;
  if (share > 0 && value - share > options.remainingCents) {
    share = Math.min(chosenGoods, value - options.remainingCents);
  }
  if (share > 0) {
    lines.push({
      invoiceLinePosition: null,
      description: `${options.discountLabel ?? "Discount"} on these goods`,
      sku: "",
      variantId: null,
      quantity: 1,
      unitPriceCents: -share,
      lineTotalCents: -share,
    });
  }
  return lines;
}
