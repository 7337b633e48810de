import { useSyncExternalStore } from "react";

/** The shop's own local-storage key for the cart. */
export const CART_STORAGE_KEY = "slumber-corner.cart.v1";

export type CartLine = {
  variantId: number;
  name: string;
  image?: string;
  size?: string;
  priceCents: number;
  originalPriceCents?: number;
  quantity: number;
};

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedLines: CartLine[] = [];

function readLines(): CartLine[] {
  const raw = window.localStorage.getItem(CART_STORAGE_KEY);
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedLines = Array.isArray(parsed) ? (parsed as CartLine[]) : [];
  } catch {
    cachedLines = [];
  }
  return cachedLines;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function writeCartLines(lines: CartLine[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  for (const listener of listeners) listener();
}

const emptyLines: CartLine[] = [];

/** The cart's lines; empty while rendering on the server. */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, readLines, () => emptyLines);
}

export function useCartCount(): number {
  return useCartLines().reduce((sum, line) => sum + line.quantity, 0);
}
