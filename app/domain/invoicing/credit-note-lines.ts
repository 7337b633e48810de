import type { CreditLineRecord } from "~/db/schema";

/** An invoice line as a refund reads it. */
export type InvoiceLineForCredit = {
  position: number;
  description: string;
  sku: string;
  variantId: number | null;
  quantity: number;
  unitPriceCents: number;
  /**
   * A goods line's share of the invoice's discount (docs/decisions/042); when no line has one
   * (a hand-made invoice) the discount is spread over all the goods by what they cost.
   */
  discountCents?: number;
};

/** A credit note's line; a refund keeps its lines in the same shape until the note is issued. */
export type CreditLine = CreditLineRecord;

/**
 * A credit note's lines: the chosen invoice lines at their invoiced prices and, when the order
 * had a discount, the goods' share of it as a line of its own (the discount was on the goods,
 * never on delivery), so that crediting every line credits exactly what was paid. The share is
 * the chosen lines' own: each goods line carries its share of the discount (only the lines the
 * promotion was for; an invoice without shares spreads it over all its goods by what they
 * cost). It is worked out on all the goods credited so far and this note's together, less what
 * earlier notes took, so goods credited in several notes get what crediting them at once would
 * (never a cent more than they cost) and the note that credits the last goods takes what is
 * left of the discount. Should an amount credited earlier leave less than that, the share takes
 * the cent. An amount paid back without lines is one line saying why.
 */
export function creditNoteLinesFor(options: {
  invoiceLines: readonly InvoiceLineForCredit[];
  chosen: readonly { position: number; quantity: number }[];
  amountCents: number | null;
  reason: string;
  /** What may still be refunded on the order. */
  remainingCents: number;
  /**
   * What earlier credit notes took of the goods (at invoiced prices) and of the discount, and
   * how many of each line (by position).
   */
  creditedBefore?: {
    goodsCents: number;
    discountCents: number;
    byPosition?: ReadonlyMap<number, number>;
  };
  /** What a refund has already paid back for these lines: the share makes the note that. */
  paidCents?: number;
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
  let share = 0;
  if (discount > 0 && goodsValue > 0) {
    const before = options.creditedBefore ?? { goodsCents: 0, discountCents: 0 };
    const own = ownShares(invoiceLines);
    if (own) {
      // Each line's own share, for the units credited up to and with this note.
      const upTo = (earlier: (position: number) => number) =>
        own((position) => earlier(position) + chosenOf(lines, position));
      share = options.creditedBefore
        ? upTo((position) => before.byPosition?.get(position) ?? 0) - before.discountCents
        : upTo(() => 0);
    } else {
      const shareOf = (goods: number) => Math.round((goods * discount) / goodsValue);
      // Without what came before, this note's share alone (as a refund worked it out).
      const upTo = options.creditedBefore ? shareOf(before.goodsCents + chosenGoods) : null;
      share = upTo === null ? shareOf(chosenGoods) : upTo - before.discountCents;
    }
    share = Math.max(0, Math.min(share, chosenGoods, discount - before.discountCents));
    if (value - share > options.remainingCents) {
      share = Math.min(chosenGoods, value - options.remainingCents);
    }
  }
  if (options.paidCents !== undefined && chosenGoods > 0) {
    share = Math.max(0, Math.min(chosenGoods, value - options.paidCents));
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

/** How many of an invoice line (by position) these credit lines credit. */
const chosenOf = (lines: readonly CreditLine[], position: number) =>
  lines.filter((l) => l.invoiceLinePosition === position).reduce((sum, l) => sum + l.quantity, 0);

/**
 * When the invoice's goods lines carry their shares of the discount: the discount that goes
 * with so many units of each line (each line's share, pro rata to its units, to the cent).
 * Null for an invoice without shares (a hand-made one).
 */
function ownShares(invoiceLines: readonly InvoiceLineForCredit[]) {
  const carrying = invoiceLines.filter(
    (l) => l.unitPriceCents > 0 && l.sku !== "" && (l.discountCents ?? 0) > 0,
  );
  if (carrying.length === 0) return null;
  return (units: (position: number) => number) =>
    carrying.reduce(
      (sum, l) =>
        sum + Math.round((l.discountCents! * Math.min(units(l.position), l.quantity)) / l.quantity),
      0,
    );
}
