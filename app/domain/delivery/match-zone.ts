import { placeKey, provinceOf } from "~/lib/provinces";
import { postalCodeOf, postalEntryWidth } from "./postal-codes";

/** What the matcher needs of a zone (the table's row has more). */
export type MatchableZone = {
  id: number;
  name: string;
  postalCodes: readonly string[];
  towns: readonly string[];
  provinces: readonly string[];
  active: boolean;
  sortOrder: number;
};

/** A delivery address as checkout has it; the province when the form asks for it. */
export type ZoneAddress = { postalCode: string; town: string; province?: string | null };

/** How a zone covers an address, most specific first. */
export type ZoneMatchKind = "postal_code" | "town" | "province";

const RANK: Record<ZoneMatchKind, number> = { postal_code: 0, town: 1, province: 2 };

/**
 * The active zone that covers an address, or null when none does (delivery is quoted). The
 * most specific match wins (docs/decisions/035): a postal code before a town before a province;
 * among postal codes the narrower entry (2740 before 2700-2799); then the lower sort order,
 * then the older zone.
 */
export function matchZone<Z extends MatchableZone>(
  zones: readonly Z[],
  address: ZoneAddress,
): { zone: Z; by: ZoneMatchKind } | null {
  const code = postalCodeOf(address.postalCode);
  const town = placeKey(address.town);
  const province = address.province ? provinceOf(address.province) : null;
  let best: { zone: Z; by: ZoneMatchKind; width: number } | null = null;
  for (const zone of zones) {
    if (!zone.active) continue;
    const found = coverage(zone, code, town, province);
    if (!found) continue;
    if (!best || better({ zone, ...found }, best)) best = { zone, ...found };
  }
  return best ? { zone: best.zone, by: best.by } : null;
}

function coverage(
  zone: MatchableZone,
  code: string | null,
  town: string,
  province: string | null,
): { by: ZoneMatchKind; width: number } | null {
  if (code) {
    const widths = zone.postalCodes
      .map((entry) => postalEntryWidth(entry, code))
      .filter((w): w is number => w !== null);
    if (widths.length > 0) return { by: "postal_code", width: Math.min(...widths) };
  }
  if (town && zone.towns.some((t) => placeKey(t) === town)) return { by: "town", width: 0 };
  if (province && zone.provinces.some((p) => provinceOf(p) === province)) {
    return { by: "province", width: 0 };
  }
  return null;
}

type Candidate = { zone: MatchableZone; by: ZoneMatchKind; width: number };

function better(a: Candidate, b: Candidate): boolean {
  if (RANK[a.by] !== RANK[b.by]) return RANK[a.by] < RANK[b.by];
  if (a.width !== b.width) return a.width < b.width;
  if (a.zone.sortOrder !== b.zone.sortOrder) return a.zone.sortOrder < b.zone.sortOrder;
  return a.zone.id < b.zone.id;
}
