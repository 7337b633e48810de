type Match = { id: string; loaderData?: unknown } | undefined;

/**
 * "{page} | {shop name}": `meta` cannot use hooks, so the shop's name comes from the storefront
 * layout's loader data among the matches.
 */
export function pageTitle(matches: readonly Match[], page?: string): string {
  const layout = matches.find((m) => m?.id === "routes/store/layout");
  const name = (layout?.loaderData as { settings?: { storeName?: string } } | undefined)?.settings
    ?.storeName;
  if (!name) return page ?? "Beds, Mattresses & Bedding";
  return page ? `${page} | ${name}` : name;
}

/** Title and description of a storefront page. */
export function pageMeta(matches: readonly Match[], page: string, description: string) {
  return [{ title: pageTitle(matches, page) }, { name: "description", content: description }];
}
