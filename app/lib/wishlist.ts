import { useSyncExternalStore } from "react";

/** The shop's own local-storage key for the wishlist: product slugs, newest last. */
export const WISHLIST_STORAGE_KEY = "slumber-corner.wishlist.v1";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
/** The server's snapshot, kept by the browser while the wishlist is empty: React then has no
 *  reason to render every card's heart again right after hydrating the page. */
const noSlugs: readonly string[] = [];
let cachedSlugs: readonly string[] = noSlugs;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(WISHLIST_STORAGE_KEY);
  } catch {
    // Storage can be switched off; the wishlist then lasts only while the page is open.
    return cachedRaw ?? null;
  }
}

function readSlugs(): readonly string[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedSlugs;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    const slugs = Array.isArray(parsed)
      ? parsed.filter((s): s is string => typeof s === "string")
      : [];
    cachedSlugs = slugs.length > 0 ? slugs : noSlugs;
  } catch {
    cachedSlugs = noSlugs;
  }
  return cachedSlugs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WISHLIST_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function writeSlugs(slugs: readonly string[]) {
  const raw = JSON.stringify(slugs);
  try {
    window.localStorage.setItem(WISHLIST_STORAGE_KEY, raw);
  } catch {
    cachedRaw = raw;
    cachedSlugs = slugs;
  }
  for (const listener of listeners) listener();
}

/** Adds the product to the wishlist, or removes it when it is there. */
export function toggleWishlist(slug: string) {
  const slugs = readSlugs();
  writeSlugs(slugs.includes(slug) ? slugs.filter((s) => s !== slug) : [...slugs, slug]);
}

/** The wishlist's product slugs; empty while rendering on the server. */
export function useWishlist(): readonly string[] {
  return useSyncExternalStore(subscribe, readSlugs, () => noSlugs);
}

export function useIsWishlisted(slug: string): boolean {
  return useWishlist().includes(slug);
}
