import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { bedSize, brands, products } from "~/db/schema";
import { CHECKBOX_GROUPS, type CheckboxGroupId, type ListingQuery } from "./listing-query";
import { perDatabase, searchKey } from "./search-cache.server";
import { sizeMaskOf } from "./search-filters.server";

export type FacetCounts = Record<CheckboxGroupId, Record<string, number>>;

/**
 * How each group's options are found on a product: one value of it, or a set of them (the
 * sizes, `sizeMask`). Every group must say which, so a new one is counted.
 */
const GROUP_KINDS = {
  "mattress-type": "value",
  "bed-type": "value",
  "comfort-level": "value",
  brand: "value",
  "bed-size": "sizes",
} as const satisfies Record<CheckboxGroupId, "value" | "sizes">;

type ValueGroup = {
  [G in CheckboxGroupId]: (typeof GROUP_KINDS)[G] extends "value" ? G : never;
}[CheckboxGroupId];

const VALUE_GROUPS = (Object.keys(GROUP_KINDS) as CheckboxGroupId[]).filter(
  (g): g is ValueGroup => GROUP_KINDS[g] === "value",
);

/**
 * The products `base` gives, grouped by everything a filter option looks at: each group is one
 * combination of mattress type, bed type, comfort level, brand and sizes, with how many products
 * have it. A catalogue of 100,000 products has a few thousand such combinations.
 */
type AttributeGroup = {
  "mattress-type": string | null;
  "bed-type": string | null;
  "comfort-level": string | null;
  brand: string | null;
  sizeMask: number;
  n: number;
};

/** A size's bit in a group's `sizeMask` (the size enum's order, as `sizeMaskOf` builds it). */
const SIZE_BIT: ReadonlyMap<string, number> = new Map(
  bedSize.enumValues.map((size, bit) => [size, bit]),
);

/** The size options of the filter, by their bit, for counting a group's sizes bit by bit. */
const SIZE_OPTION_BY_BIT = bedSize.enumValues.map((size) =>
  CHECKBOX_GROUPS.find((g) => g.id === "bed-size")!.options.some((o) => o.id === size)
    ? size
    : null,
);

/**
 * A test per selected group (OR within the group): whether a row's products have one of the
 * chosen options. Sizes are tested as one mask, the other groups by their value.
 */
function selectionTests(query: ListingQuery) {
  const tests: { id: CheckboxGroupId; passes: (row: AttributeGroup) => boolean }[] = [];
  for (const group of CHECKBOX_GROUPS) {
    const chosen = query.selections[group.id];
    if (!chosen?.length) continue;
    if (GROUP_KINDS[group.id] === "sizes") {
      let mask = 0;
      for (const option of chosen) {
        const bit = SIZE_BIT.get(option);
        if (bit !== undefined) mask |= 1 << bit;
      }
      tests.push({ id: group.id, passes: (row) => (row.sizeMask & mask) !== 0 });
    } else {
      const id = group.id as ValueGroup;
      const values = new Set<string>(chosen);
      tests.push({ id, passes: (row) => row[id] !== null && values.has(row[id]) });
    }
  }
  return tests;
}

/**
 * The brand's slug is joined to the groups once they are made: joined to every product first,
 * the planner could not tell how few groups there are and sorted them all on disk (270 ms at
 * 100,000 products, against 40 ms for hashing them).
 */
async function attributeGroups(base: SQL, sizeMask: SQL): Promise<AttributeGroup[]> {
  const result = await db().execute<{
    mattress_type: string | null;
    bed_type: string | null;
    comfort_level: string | null;
    brand: string | null;
    size_mask: number;
    n: number;
  }>(sql`
    select groups.*, ${brands.slug} as brand
    from (
      select ${products.mattressType} as mattress_type, ${products.bedType} as bed_type,
        ${products.comfortLevel} as comfort_level, ${products.brandId} as brand_id,
        ${sizeMask} as size_mask, count(*)::int as n
      from ${products}
      where ${base}
      group by 1, 2, 3, 4, 5
    ) as groups
    left join ${brands} on ${brands.id} = groups.brand_id`);
  return result.rows.map((r) => ({
    "mattress-type": r.mattress_type,
    "bed-type": r.bed_type,
    "comfort-level": r.comfort_level,
    brand: r.brand,
    sizeMask: Number(r.size_mask),
    n: Number(r.n),
  }));
}

/**
 * The groups depend only on the listing's base (its search, category and price range), not on
 * its filters, sort or page, which are worked out from them here. A shopper who searches and
 * then filters, sorts or loads more asks for the same base again and again, and so does every
 * visit to a category page: the groups are kept per base while the catalogue's version is
 * unchanged. Bounded by the groups held: a group takes about 185 bytes, so at most about 4 MB
 * (a broad search at 100,000 products has about 1,800 groups, a small one a few dozen).
 */
const MAX_KEPT_GROUPS = 20_000;

const keptGroups = perDatabase<{ version: number; groups: AttributeGroup[] }>(
  "facet_groups",
  MAX_KEPT_GROUPS,
);

async function groupsOf(
  query: ListingQuery,
  base: SQL,
  version: number | null,
): Promise<AttributeGroup[]> {
  // With a price range, a product's sizes are those sold within it (see `sizeMaskOf`).
  const sizeMask = sizeMaskOf(query);
  if (version === null) return attributeGroups(base, sizeMask);
  const kept = keptGroups();
  const key = JSON.stringify([searchKey(query.q), query.category, query.price]);
  const entry = kept.get(key);
  if (entry?.version === version) return entry.groups;
  const groups = await attributeGroups(base, sizeMask);
  kept.set(key, { version, groups }, groups.length);
  return groups;
}

/**
 * The listing's total and every option's count, each with the other groups' selections
 * (disjunctive faceting). The database groups the products `base` gives by their attributes
 * (one pass, no per-option work); the counts are then summed over those groups here, so they
 * are exactly what counting every product would give.
 *
 * `version` is the catalogue's version read before the listing, or null: with it, a listing
 * reuses the groups of an earlier one with the same base while the catalogue is unchanged.
 */
export async function countFacets(
  query: ListingQuery,
  base: SQL,
  version: number | null = null,
): Promise<{ total: number; facets: FacetCounts }> {
  const groups = await groupsOf(query, base, version);
  const tests = selectionTests(query);
  const facets = Object.fromEntries(
    CHECKBOX_GROUPS.map((g) => [g.id, Object.fromEntries(g.options.map((o) => [o.id, 0]))]),
  ) as FacetCounts;
  let total = 0;
  for (const row of groups) {
    // Which selected group this combination fails, if only one (OR within a group).
    let failing: CheckboxGroupId | null = null;
    let failures = 0;
    for (const test of tests) {
      if (test.passes(row)) continue;
      failing = test.id;
      if (++failures > 1) break;
    }
    if (failures === 0) total += row.n;
    // An option's count ignores its own group's selection, and no other group may fail.
    if (failures > 1) continue;
    for (const group of VALUE_GROUPS) {
      if (failing !== null && failing !== group) continue;
      const value = row[group];
      const counts = facets[group];
      if (value !== null && Object.hasOwn(counts, value)) counts[value]! += row.n;
    }
    if (failing !== null && failing !== "bed-size") continue;
    const sizes = facets["bed-size"];
    for (let mask = row.sizeMask, bit = 0; mask !== 0; mask >>>= 1, bit++) {
      const size = mask & 1 ? SIZE_OPTION_BY_BIT[bit] : null;
      if (size) sizes[size]! += row.n;
    }
  }
  return { total, facets };
}
