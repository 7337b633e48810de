import { useSyncExternalStore } from "react";
import {
  addLine,
  applyCurrentDetails,
  itemCount,
  MAX_LINE_QUANTITY,
  removeLine,
  sameLines,
  updateQuantity,
  type AddOutcome,
  type CartLine,
  type CurrentLineDetails,
  type NewCartLine,
} from "./cart-lines";

export type { CartLine } from "./cart-lines";

/** The shop's own local-storage key for the cart. */
export const CART_STORAGE_KEY = "slumber-corner.cart.v1";

// Checked by hand rather than with zod: this file ships with every storefront page (the
// header's badge), and a schema library would weigh more than the whole cart.
const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isText = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;

function storedLine(entry: unknown): CartLine | null {
  if (!entry || typeof entry !== "object") return null;
  const e = entry as Record<string, unknown>;
  const valid =
    isInt(e.variantId, 1) &&
    isText(e.name, 300) &&
    e.name.length > 0 &&
    (e.image === undefined || isText(e.image, 300)) &&
    (e.size === undefined || isText(e.size, 50)) &&
    isInt(e.priceCents, 1) &&
    (e.originalPriceCents == null || isInt(e.originalPriceCents, 1)) &&
    isInt(e.quantity, 1, MAX_LINE_QUANTITY);
  if (!valid) return null;
  const line: CartLine = {
    variantId: e.variantId as number,
    name: e.name as string,
    priceCents: e.priceCents as number,
    quantity: e.quantity as number,
  };
  if (e.image !== undefined) line.image = e.image as string;
  if (e.size !== undefined) line.size = e.size as string;
  if (e.originalPriceCents) line.originalPriceCents = e.originalPriceCents as number;
  return line;
}

/** Reads what the browser kept; bad lines (edited by hand, older formats) are dropped. */
export function parseStoredCart(raw: string | null): CartLine[] {
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: CartLine[] = [];
  for (const entry of parsed) {
    const line = storedLine(entry);
    if (!line || lines.some((l) => l.variantId === line.variantId)) continue;
    lines.push(line);
  }
  return lines;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
/** The server's snapshot, kept by the browser while the cart is empty: React then has no reason
 *  to render the header's count again right after hydrating the page. */
const emptyLines: CartLine[] = [];
let cachedLines: CartLine[] = emptyLines;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage can be switched off; the cart then lasts only while the page is open.
    return cachedRaw ?? null;
  }
}

function readLines(): CartLine[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  const lines = parseStoredCart(raw);
  cachedLines = lines.length > 0 ? lines : emptyLines;
  return cachedLines;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function writeCartLines(lines: CartLine[]) {
  const raw = JSON.stringify(lines);
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    cachedRaw = raw;
    cachedLines = lines;
  }
  for (const listener of listeners) listener();
}

/** Adds one of the variant; says whether it was a new line or one more of an existing one. */
export function addToCart(item: NewCartLine): AddOutcome {
  const { lines, outcome } = addLine(readLines(), item);
  writeCartLines(lines);
  return outcome;
}

export function setCartQuantity(variantId: number, quantity: number) {
  writeCartLines(updateQuantity(readLines(), variantId, quantity));
}

export function removeFromCart(variantId: number) {
  writeCartLines(removeLine(readLines(), variantId));
}

export function clearCart() {
  writeCartLines([]);
}

/** Stores the shop's current prices and names; returns the old price of each changed line. */
export function refreshCartDetails(current: readonly CurrentLineDetails[]): Map<number, number> {
  const before = readLines();
  const { lines, previousPrices } = applyCurrentDetails(before, current);
  if (!sameLines(before, lines)) writeCartLines(lines);
  return previousPrices;
}

/** The cart's lines; empty while rendering on the server. */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, readLines, () => emptyLines);
}

export function useCartCount(): number {
  return itemCount(useCartLines());
}
