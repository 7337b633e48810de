import { standardDeliveryFeeCents } from "~/domain/orders/standard-delivery";

/** One line of the shopper's cart, as kept in the browser: a snapshot for showing, not for billing. */
export type CartLine = {
  variantId: number;
  name: string;
  /** Media key of the product's image. */
  image?: string;
  /** The size as the shop writes it, e.g. "Queen". */
  size?: string;
  priceCents: number;
  originalPriceCents?: number;
  quantity: number;
};

export type NewCartLine = Omit<CartLine, "quantity">;

/** More of one thing than any household orders online; keeps stored numbers sane. */
export const MAX_LINE_QUANTITY = 999;

/** Most lines one price check answers for at once. */
export const MAX_PRICED_LINES = 50;

export type AddOutcome = "added" | "increased";

/** Adds one of the variant: an existing line goes up by 1, a new one is appended with 1. */
export function addLine(
  lines: readonly CartLine[],
  item: NewCartLine,
): { lines: CartLine[]; outcome: AddOutcome } {
  const existing = lines.find((l) => l.variantId === item.variantId);
  if (!existing) return { lines: [...lines, { ...item, quantity: 1 }], outcome: "added" };
  return {
    lines: lines.map((l) =>
      l === existing ? { ...l, quantity: Math.min(l.quantity + 1, MAX_LINE_QUANTITY) } : l,
    ),
    outcome: "increased",
  };
}

/** Sets a line's quantity; a quantity below 1 (or not a whole number) is ignored. */
export function updateQuantity(
  lines: readonly CartLine[],
  variantId: number,
  quantity: number,
): CartLine[] {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    return [...lines];
  }
  return lines.map((l) => (l.variantId === variantId ? { ...l, quantity } : l));
}

export function removeLine(lines: readonly CartLine[], variantId: number): CartLine[] {
  return lines.filter((l) => l.variantId !== variantId);
}

export function itemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

export function subtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
}

/** What the shopper saves against the original prices: (original - price) x quantity. */
export function savingsCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => {
    const saving = (l.originalPriceCents ?? 0) - l.priceCents;
    return saving > 0 ? sum + saving * l.quantity : sum;
  }, 0);
}

export type DeliveryRates = { freeDeliveryThresholdCents: number; standardDeliveryCents: number };

export type CartTotals = {
  itemCount: number;
  subtotalCents: number;
  savingsCents: number;
  deliveryCents: number;
  /** The least more to spend for free delivery; 0 when delivery is already free. */
  freeDeliveryShortfallCents: number;
  totalCents: number;
};

/**
 * Standard delivery is free from the threshold up (R2,000 or more, the same rule as a product's
 * "Free Delivery Included"), else the standard fee; an empty cart has nothing to deliver.
 */
export function cartTotals(lines: readonly CartLine[], rates: DeliveryRates): CartTotals {
  const subtotal = subtotalCents(lines);
  const empty = lines.length === 0;
  const deliveryCents = empty ? 0 : standardDeliveryFeeCents(subtotal, rates);
  const free = deliveryCents === 0;
  return {
    itemCount: itemCount(lines),
    subtotalCents: subtotal,
    savingsCents: savingsCents(lines),
    deliveryCents,
    freeDeliveryShortfallCents: free ? 0 : rates.freeDeliveryThresholdCents - subtotal,
    totalCents: subtotal + deliveryCents,
  };
}

export type CurrentLineDetails = Pick<CartLine, "variantId" | "name" | "image" | "size"> & {
  priceCents: number;
  originalPriceCents: number | null;
};

/**
 * Brings stored lines up to the shop's current details; `previousPrices` holds the old price of
 * each line whose price changed, so the page can say so.
 */
export function applyCurrentDetails(
  lines: readonly CartLine[],
  current: readonly CurrentLineDetails[],
): { lines: CartLine[]; previousPrices: Map<number, number> } {
  const byId = new Map(current.map((c) => [c.variantId, c]));
  const previousPrices = new Map<number, number>();
  const updated = lines.map((line) => {
    const now = byId.get(line.variantId);
    if (!now) return line;
    if (now.priceCents !== line.priceCents) previousPrices.set(line.variantId, line.priceCents);
    const next: CartLine = {
      variantId: line.variantId,
      name: now.name,
      priceCents: now.priceCents,
      quantity: line.quantity,
    };
    const image = now.image ?? line.image;
    const size = now.size ?? line.size;
    if (image) next.image = image;
    if (size) next.size = size;
    if (now.originalPriceCents !== null) next.originalPriceCents = now.originalPriceCents;
    return next;
  });
  return { lines: updated, previousPrices };
}

/** Whether two line lists show the same thing (to skip needless writes). */
export function sameLines(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
