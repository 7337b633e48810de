type Match = { id: string; data: unknown } | undefined;

/** "{page} | {shop name}", with the shop's name from the storefront layout's data. */
export function pageTitle(matches: readonly Match[], page?: string): string {
  const layout = matches.find((m) => m?.id === "routes/store/layout");
  const name =
    (layout?.data as { settings?: { storeName?: string } } | undefined)?.settings?.storeName ??
    "Beds & Mattresses";
  return page ? `${page} | ${name}` : name;
}
