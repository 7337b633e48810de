import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { bedSize, brands, products } from "~/db/schema";
import { CHECKBOX_GROUPS, type CheckboxGroupId, type ListingQuery } from "./listing-query";
import { perDatabase, searchKey } from "./search-cache.server";
import { sizeMaskOf } from "./search-filters.server";

export type FacetCounts = Record<CheckboxGroupId, Record<string, number>>;

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

/** Whether the products of `row` have `option` of `group`. */
function hasOption(row: AttributeGroup, group: CheckboxGroupId, option: string): boolean {
  if (group === "bed-size") {
    const bit = bedSize.enumValues.indexOf(option as (typeof bedSize.enumValues)[number]);
    return bit >= 0 && (row.sizeMask & (1 << bit)) !== 0;
  }
  return row[group] === option;
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
  const selected = CHECKBOX_GROUPS.filter((g) => query.selections[g.id]?.length);
  const facets = Object.fromEntries(
    CHECKBOX_GROUPS.map((g) => [g.id, Object.fromEntries(g.options.map((o) => [o.id, 0]))]),
  ) as FacetCounts;
  let total = 0;
  for (const row of groups) {
    // Which selected groups this combination satisfies (OR within a group).
    const failing = selected.filter(
      (g) => !query.selections[g.id]!.some((option) => hasOption(row, g.id, option)),
    );
    if (failing.length === 0) total += row.n;
    // An option's count ignores its own group's selection, and no other group may fail.
    if (failing.length > 1) continue;
    for (const group of CHECKBOX_GROUPS) {
      if (failing.length === 1 && failing[0]!.id !== group.id) continue;
      for (const option of group.options) {
        if (hasOption(row, group.id, option.id)) facets[group.id][option.id]! += row.n;
      }
    }
  }
  return { total, facets };
}
