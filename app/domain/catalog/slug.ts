/**
 * The specification's slug rule: lower-cased, runs of whitespace become hyphens, anything but
 * a-z, 0-9 and hyphens is removed. We also fold repeated hyphens and trim them, so that
 * "Bed - Queen" gives "bed-queen" rather than "bed---queen"; an empty result becomes "product".
 */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "product";
}

/** `base`, or `base-2`, `base-3`... the first that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
