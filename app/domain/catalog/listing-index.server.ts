import { eq, sql } from "drizzle-orm";
import { db, type Db } from "~/db/client.server";
import { bedSize, brands, catalogVersion, categories, products, reviews } from "~/db/schema";
import { FALLBACK_MEAN, PRIOR_WEIGHT } from "~/domain/reviews/bayesian-rating";
import {
  CHECKBOX_GROUPS,
  SORT_OPTIONS,
  type CheckboxGroupId,
  type ListingQuery,
  type SortOption,
} from "./listing-query";
import { perDatabase } from "./search-cache.server";

export type FacetCounts = Record<CheckboxGroupId, Record<string, number>>;

/**
 * The listing index: what a listing's filters, counts and sort orders read of every active
 * product, kept in the process as typed arrays, one slot a product (its position), for one
 * version of the catalogue. A listing is then worked out here in one pass over the products its
 * search found (all of them without a search): at 95,000 active products a pass takes about
 * 1 ms (6 ms for the whole catalogue), where PostgreSQL spent 40-140 ms counting a broad listing
 * (bench/README.md, "Counted in the process"). PostgreSQL still finds a search's products (its
 * full-text index) and reads the page's cards.
 *
 * About 70 bytes a product (6.6 MB at 95,000), in every server process. Read again when a
 * listing finds another catalogue version than the index's (catalogue edits move it, stock does
 * not): 0.6-0.8 s at 95,000 products, a few milliseconds for a shop's few hundred.
 */
export type ListingIndex = {
  version: number;
  /** Product ids, ascending: position i is the product `ids[i]`. */
  ids: Int32Array;
  categoryIds: ReadonlyMap<string, number>;
  category: Int32Array;
  /** Per value group, the product's option as its index in the group's options, or -1. */
  options: Record<ValueGroup, Int8Array>;
  /** Bit n: the product sells the n-th size of `bed_size` (`size_mask`). */
  sizeMask: Int32Array;
  /** The cheapest variant's price in cents, NaN for a product without one. */
  minPrice: Float64Array;
  /** Product i's prices (ascending) and the sizes sold at each are at priceStart[i]..[i+1]. */
  priceStart: Int32Array;
  prices: Int32Array;
  priceSizes: Int32Array;
  /** Per sort, every position in that sort's order (the SQL sorts' own keys and ties: `buildIndex`). */
  orders: Record<SortOption, Int32Array>;
};

/**
 * How each group's option is found on a product: a column holding one value, or the sizes. Every
 * group must say which, so a new one is counted.
 */
const GROUP_COLUMNS = {
  "mattress-type": products.mattressType,
  "bed-type": products.bedType,
  "comfort-level": products.comfortLevel,
  brand: brands.slug,
  "bed-size": "sizes",
} as const satisfies Record<CheckboxGroupId, unknown>;

type ValueGroup = {
  [G in CheckboxGroupId]: (typeof GROUP_COLUMNS)[G] extends "sizes" ? never : G;
}[CheckboxGroupId];

const VALUE_GROUPS = CHECKBOX_GROUPS.map((g) => g.id).filter(
  (id): id is ValueGroup => GROUP_COLUMNS[id] !== "sizes",
);

const OPTION_IDS = Object.fromEntries(
  CHECKBOX_GROUPS.map((g) => [g.id, g.options.map((o) => o.id as string)]),
) as Record<CheckboxGroupId, string[]>;

/** A size option's bit in `size_mask` (the enum's order). */
const SIZE_BITS: number[] = OPTION_IDS["bed-size"].map((size) =>
  bedSize.enumValues.indexOf(size as (typeof bedSize.enumValues)[number]),
);

/**
 * "Highest Rated": each product's published stars pulled towards the shop's mean of published
 * reviews as if it had PRIOR_WEIGHT more reviews at that mean (`bayesianRating`), so one 5-star
 * review does not outrank a hundred at 4.8. PostgreSQL works the score out, so it is the double
 * the SQL sort compared. The index stays right because a product's figures change with its
 * published reviews (`refreshProductRating`), in the transaction that also moves the shop's mean,
 * and that bumps the catalogue's version.
 */
const shopMean = sql`(select coalesce(avg(${reviews.rating})::float8, ${FALLBACK_MEAN}::float8)
  from ${reviews} where ${reviews.status} = 'published')`;
const bayesianScore = sql`(${PRIOR_WEIGHT}::float8 * ${shopMean} + ${products.ratingTotal})
  / (${PRIOR_WEIGHT}::float8 + ${products.reviewCount})`;

const SORTS = SORT_OPTIONS.map((s) => s.value);

type IndexRow = {
  id: number;
  category: number;
  size_mask: number;
  min_price: number | null;
  /** `variant_prices` and `price_size_masks`, space-separated (read faster than arrays). */
  prices: string;
  price_sizes: string;
  featured_rank: number;
  review_count: number;
  /** Microseconds since 1970: exact in a double, where a Date would round to milliseconds. */
  created: number;
  score: number;
} & { [G in ValueGroup]: string | null };

/**
 * Reads the index in one snapshot, so its version is that of the rows it holds. Each sort's
 * order is worked out here from the columns it compares: PostgreSQL took 0.4-1 s to sort 95,000
 * products five times (on disk beyond `work_mem`), the process about a tenth of that.
 */
async function loadIndex(): Promise<ListingIndex> {
  return db().transaction(
    async (tx) => {
      const [version] = await tx
        .select({ version: catalogVersion.version })
        .from(catalogVersion)
        .where(eq(catalogVersion.id, 1));
      const categoryRows = await tx
        .select({ id: categories.id, slug: categories.slug })
        .from(categories);
      const options = VALUE_GROUPS.map((g) => sql`${GROUP_COLUMNS[g]} as ${sql.identifier(g)}`);
      const result = await tx.execute<IndexRow>(sql`
        select ${products.id} as id, ${products.categoryId} as category,
          ${sql.join(options, sql`, `)}, ${products.sizeMask} as size_mask,
          ${products.minPriceCents} as min_price,
          array_to_string(${products.variantPrices}, ' ') as prices,
          array_to_string(${products.priceSizeMasks}, ' ') as price_sizes,
          ${products.featuredRank} as featured_rank, ${products.reviewCount} as review_count,
          (extract(epoch from ${products.createdAt}) * 1000000)::float8 as created,
          ${bayesianScore} as score
        from ${products} left join ${brands} on ${brands.id} = ${products.brandId}
        where ${products.status} = 'active'
        order by ${products.id}`);
      return buildIndex(Number(version?.version ?? 0), categoryRows, result.rows);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

function buildIndex(
  version: number,
  categoryRows: { id: number; slug: string }[],
  rows: IndexRow[],
): ListingIndex {
  const n = rows.length;
  const prices = rows.map((r) => numbersOf(r.prices));
  const priceSizes = rows.map((r) => numbersOf(r.price_sizes));
  const priceCount = prices.reduce((sum, list) => sum + list.length, 0);
  const index: ListingIndex = {
    version,
    ids: new Int32Array(n),
    categoryIds: new Map(categoryRows.map((c) => [c.slug, c.id])),
    category: new Int32Array(n),
    options: Object.fromEntries(VALUE_GROUPS.map((g) => [g, new Int8Array(n)])) as Record<
      ValueGroup,
      Int8Array
    >,
    sizeMask: new Int32Array(n),
    minPrice: new Float64Array(n),
    priceStart: new Int32Array(n + 1),
    prices: new Int32Array(priceCount),
    priceSizes: new Int32Array(priceCount),
    orders: {} as Record<SortOption, Int32Array>,
  };
  const featuredRank = new Int32Array(n);
  const reviewCount = new Int32Array(n);
  const created = new Float64Array(n);
  const score = new Float64Array(n);
  let at = 0;
  rows.forEach((row, i) => {
    index.ids[i] = Number(row.id);
    index.category[i] = Number(row.category);
    for (const group of VALUE_GROUPS) {
      const value = row[group];
      index.options[group][i] = value === null ? -1 : OPTION_IDS[group].indexOf(value);
    }
    index.sizeMask[i] = Number(row.size_mask);
    index.minPrice[i] = row.min_price === null ? NaN : Number(row.min_price);
    index.priceStart[i] = at;
    index.prices.set(prices[i]!, at);
    index.priceSizes.set(priceSizes[i]!, at);
    at += prices[i]!.length;
    featuredRank[i] = Number(row.featured_rank);
    reviewCount[i] = Number(row.review_count);
    created[i] = Number(row.created);
    score[i] = Number(row.score);
  });
  index.priceStart[n] = at;
  // Positions are in id order, so a tie broken by the id is one broken by the position.
  const price = index.minPrice;
  const byPrice = (i: number, j: number, direction: 1 | -1) =>
    Number.isNaN(price[i]!) || Number.isNaN(price[j]!)
      ? Number(Number.isNaN(price[i]!)) - Number(Number.isNaN(price[j]!)) || i - j
      : direction * (price[i]! - price[j]!) || i - j;
  const compare: Record<SortOption, (i: number, j: number) => number> = {
    featured: (i, j) => featuredRank[i]! - featuredRank[j]! || i - j,
    "price-asc": (i, j) => byPrice(i, j, 1),
    "price-desc": (i, j) => byPrice(i, j, -1),
    rating: (i, j) => score[j]! - score[i]! || reviewCount[j]! - reviewCount[i]! || i - j,
    newest: (i, j) => created[j]! - created[i]! || j - i,
  };
  for (const sort of SORTS) {
    index.orders[sort] = Int32Array.from({ length: n }, (_, i) => i).sort(compare[sort]);
  }
  return index;
}

function numbersOf(list: string): number[] {
  return list === "" ? [] : list.split(" ").map(Number);
}

type Held = { index?: ListingIndex; loading?: Promise<ListingIndex> };

/** The index held for each database, and the load under way, if any. */
const held = new WeakMap<Db, Held>();

/**
 * The index at `version`, the catalogue's version this listing read: the one held, or one read
 * now (one load at a time; a listing that finds a load under way waits for it). A load begun
 * after `version` was read may find a newer one, which is kept: the next listings read it too.
 */
export async function listingIndex(version: number): Promise<ListingIndex> {
  const database = db();
  let entry = held.get(database);
  if (!entry) held.set(database, (entry = {}));
  if (entry.index?.version === version) return entry.index;
  const earlier = entry.loading;
  if (earlier) {
    // Begun before this listing read its version, it may hold an older one.
    const index = await earlier;
    if (index.version === version) return index;
  }
  if (!entry.loading || entry.loading === earlier) entry.loading = load(entry);
  return entry.loading;
}

function load(entry: Held): Promise<ListingIndex> {
  const loading: Promise<ListingIndex> = loadIndex()
    .then((index) => (entry.index = index))
    .finally(() => {
      if (entry.loading === loading) entry.loading = undefined;
    });
  return loading;
}

/** A search's products: their positions in the index, ascending, and each one's relevance. */
export type SearchMatches = { positions: Int32Array; relevance: Float32Array };

/**
 * Searches' products, kept per full-text query and index: shoppers type the same few hundred
 * words again and again, and a search that is filtered, sorted or paged asks for the same
 * products again. 8 bytes a product found: 4 MB holds a few broad searches at 100,000 products.
 */
const keptMatches = perDatabase<{ index: ListingIndex; matches: SearchMatches }>(
  "search_matches",
  4 * 1024 * 1024,
);

/** The active products a full-text query finds (the search migrations' `search_query`). */
export async function searchMatches(index: ListingIndex, tsquery: string): Promise<SearchMatches> {
  const known = keptMatches().get(tsquery);
  if (known?.index === index) return known.matches;
  // Sent as two byte strings of 4-byte big-endian values, id order: a broad search at 100,000
  // products finds 50,000 products, which as rows cost the process about 1 µs each to read.
  const result = await db().execute<{ ids: Uint8Array | null; relevance: Uint8Array | null }>(sql`
    select string_agg(int4send(${products.id}), ''::bytea order by ${products.id}) as ids,
      string_agg(float4send(ts_rank(${products.searchVector}, ${tsquery}::tsquery)), ''::bytea
        order by ${products.id}) as relevance
    from ${products}
    where ${products.status} = 'active' and ${products.searchVector} @@ ${tsquery}::tsquery`);
  const ids = bigEndian(result.rows[0]?.ids ?? null);
  const relevance = bigEndian(result.rows[0]?.relevance ?? null);
  const found = ids.byteLength / 4;
  const positions = new Int32Array(found);
  const relevanceOf = new Float32Array(found);
  // Both in id order: a product made active since the index was read is not in it yet.
  let kept = 0;
  for (let i = 0, r = 0; r < found && i < index.ids.length;) {
    const id = ids.getInt32(4 * r);
    if (index.ids[i]! < id) i++;
    else if (index.ids[i]! > id) r++;
    else {
      positions[kept] = i;
      relevanceOf[kept++] = relevance.getFloat32(4 * r);
      i++;
      r++;
    }
  }
  const matches = { positions: positions.slice(0, kept), relevance: relevanceOf.slice(0, kept) };
  keptMatches().set(tsquery, { index, matches }, 8 * kept + tsquery.length);
  return matches;
}

function bigEndian(bytes: Uint8Array | null): DataView {
  return bytes === null
    ? new DataView(new ArrayBuffer(0))
    : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The sizes' group, by its place in CHECKBOX_GROUPS. */
const SIZE_GROUP = CHECKBOX_GROUPS.findIndex((g) => g.id === "bed-size");

/** Each group's column of options by its place in CHECKBOX_GROUPS (null for the sizes). */
function optionColumns(index: ListingIndex): (Int8Array | null)[] {
  return CHECKBOX_GROUPS.map((g) =>
    g.id === "bed-size" ? null : index.options[g.id as ValueGroup],
  );
}

/**
 * A selected group as one test: its place in CHECKBOX_GROUPS, its column (null for the sizes)
 * and a bit mask of its chosen options (or of their sizes).
 */
type SelectionTest = { group: number; column: Int8Array | null; mask: number };

function selectionTests(columns: (Int8Array | null)[], query: ListingQuery): SelectionTest[] {
  const tests: SelectionTest[] = [];
  CHECKBOX_GROUPS.forEach((group, g) => {
    const chosen = query.selections[group.id];
    if (!chosen?.length) return;
    let mask = 0;
    for (const option of chosen) {
      const at = OPTION_IDS[group.id].indexOf(option);
      if (at < 0) continue;
      mask |= g === SIZE_GROUP ? 1 << SIZE_BITS[at]! : 1 << at;
    }
    tests.push({ group: g, column: columns[g]!, mask });
  });
  return tests;
}

export type IndexedListing = {
  total: number;
  facets: FacetCounts;
  /** The ids of the first `wanted` products in the listing's order. */
  pageIds: number[];
};

/**
 * A listing from the index: its total, each option's count with the other groups' selections
 * (disjunctive faceting: OR within a group, AND across groups) and the ids of its first
 * `wanted` products in the sort's order. `matches` are the search's products, or null for none.
 *
 * The rules, each as the listing's SQL had them: a product is in the listing's base when it is
 * in the category and, with a price range, has a variant priced within it; with a price range a
 * product's sizes are those sold within it ("queen up to R5,000" is a queen at R5,000 or less,
 * not a single that is).
 */
export function readListing(
  index: ListingIndex,
  query: ListingQuery,
  matches: SearchMatches | null,
  wanted: number,
): IndexedListing {
  const n = index.ids.length;
  const category =
    query.category === null ? null : (index.categoryIds.get(query.category) ?? Number.NaN);
  const [low, high] = query.price ? query.price.map((rand) => rand * 100) : [0, 0];
  const columns = optionColumns(index);
  const tests = selectionTests(columns, query);
  const counts = CHECKBOX_GROUPS.map((g) => new Int32Array(g.options.length));
  const sizeCounts = counts[SIZE_GROUP]!;
  const inListing = new Uint8Array(n);
  let total = 0;
  const count = matches === null ? n : matches.positions.length;
  for (let k = 0; k < count; k++) {
    const i = matches === null ? k : matches.positions[k]!;
    if (category !== null && index.category[i] !== category) continue;
    let sizes = index.sizeMask[i]!;
    if (query.price) {
      sizes = sizesWithin(index, i, low!, high!);
      if (sizes < 0) continue;
    }
    // Which selected group this product fails, if only one (-1: none).
    let failing = -1;
    let failures = 0;
    for (let t = 0; t < tests.length; t++) {
      const test = tests[t]!;
      const option = test.column === null ? -1 : test.column[i]!;
      const passes =
        test.column === null
          ? (sizes & test.mask) !== 0
          : option >= 0 && (test.mask & (1 << option)) !== 0;
      if (passes) continue;
      failing = test.group;
      if (++failures > 1) break;
    }
    if (failures === 0) {
      total++;
      inListing[i] = 1;
    }
    // An option's count ignores its own group's selection, and no other group may fail.
    if (failures > 1) continue;
    for (let g = 0; g < columns.length; g++) {
      const column = columns[g]!;
      if (column === null || (failing >= 0 && failing !== g)) continue;
      const option = column[i]!;
      if (option >= 0) counts[g]![option]!++;
    }
    if (sizes === 0 || (failing >= 0 && failing !== SIZE_GROUP)) continue;
    for (let o = 0; o < SIZE_BITS.length; o++) if (sizes & (1 << SIZE_BITS[o]!)) sizeCounts[o]!++;
  }
  const facets = Object.fromEntries(
    CHECKBOX_GROUPS.map((group, g) => [
      group.id,
      Object.fromEntries(OPTION_IDS[group.id].map((option, o) => [option, counts[g]![o]!])),
    ]),
  ) as FacetCounts;
  const limit = Math.min(wanted, total);
  const pageIds =
    matches !== null && query.sort === "featured"
      ? mostRelevant(index, matches, inListing, limit)
      : inOrder(index, index.orders[query.sort], inListing, limit);
  return { total, facets, pageIds };
}

/**
 * With a price range: -1 when product i has no variant priced within it, else the sizes sold
 * within it. The cheapest variant decides most cases; a product whose prices straddle the range
 * has them looked at one by one.
 */
function sizesWithin(index: ListingIndex, i: number, low: number, high: number): number {
  const min = index.minPrice[i]!;
  const start = index.priceStart[i]!;
  const end = index.priceStart[i + 1]!;
  if (!(min <= high) || end === start) return -1;
  if (min >= low && index.prices[end - 1]! <= high) return index.sizeMask[i]!;
  let sizes = 0;
  let found = false;
  for (let p = start; p < end; p++) {
    const price = index.prices[p]!;
    if (price < low || price > high) continue;
    found = true;
    sizes |= index.priceSizes[p]!;
  }
  return found ? sizes : -1;
}

/** The first `limit` listed products in a sort's order. */
function inOrder(
  index: ListingIndex,
  order: Int32Array,
  inListing: Uint8Array,
  limit: number,
): number[] {
  const ids: number[] = [];
  for (let k = 0; k < order.length && ids.length < limit; k++) {
    if (inListing[order[k]!]) ids.push(index.ids[order[k]!]!);
  }
  return ids;
}

/**
 * A search's "Featured": the most relevant first, then the merchandising order. The listed
 * products are walked in that order, keeping the best `limit` by relevance; one that is no more
 * relevant than a kept one goes after it, so ties keep the merchandising order.
 */
function mostRelevant(
  index: ListingIndex,
  matches: SearchMatches,
  inListing: Uint8Array,
  limit: number,
): number[] {
  if (limit === 0) return [];
  const relevanceOf = new Float32Array(index.ids.length);
  matches.positions.forEach((i, k) => (relevanceOf[i] = matches.relevance[k]!));
  const best: number[] = [];
  const bestRelevance: number[] = [];
  for (const i of index.orders.featured) {
    if (!inListing[i]) continue;
    const relevance = relevanceOf[i]!;
    if (best.length === limit && relevance <= bestRelevance[limit - 1]!) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bestRelevance[mid]! >= relevance) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, i);
    bestRelevance.splice(lo, 0, relevance);
    if (best.length > limit) {
      best.pop();
      bestRelevance.pop();
    }
  }
  return best.map((i) => index.ids[i]!);
}
