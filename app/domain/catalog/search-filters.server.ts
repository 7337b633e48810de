import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { bedSize, brands, categories, products } from "~/db/schema";
import { CHECKBOX_GROUPS, type CheckboxGroupId, type ListingQuery } from "./listing-query";

/**
 * The product's sizes as a bit mask (`size_mask`, in the enum's order); with a price range,
 * only the sizes sold within it, so that "queen up to R5,000" means a queen at R5,000 or less,
 * not a single that is. A product whose every price is in the range (most of a broad one)
 * keeps its mask; one whose prices straddle the range has its sizes read from its own row:
 * `price_size_masks` holds, price for price beside `variant_prices`, the sizes sold at that
 * price. Reading its variants instead (an index probe a product) cost a broad range 135 ms at
 * 100,000 products and hid from the planner how few groups the counts make (bench/README.md).
 */
export function sizeMaskOf(query: ListingQuery): SQL {
  if (!query.price) return sql`${products.sizeMask}`;
  const [low, high] = query.price.map((rand) => rand * 100) as [number, number];
  return sql`(case when ${products.minPriceCents} >= ${low}
      and ${products.variantPrices}[cardinality(${products.variantPrices})] <= ${high}
    then ${products.sizeMask}
    else (select coalesce(bit_or(sizes.mask), 0)
      from unnest(${products.variantPrices}, ${products.priceSizeMasks}) as sizes(price, mask)
      where sizes.price between ${low} and ${high}) end)`;
}

/** Whether a product has one option of a group, as a condition on its own row. */
export function optionConditionFor(query: ListingQuery) {
  return (group: CheckboxGroupId, option: string): SQL => {
    switch (group) {
      case "mattress-type":
        return eq(products.mattressType, option);
      case "bed-type":
        return eq(products.bedType, option);
      case "comfort-level":
        return eq(products.comfortLevel, option);
      case "brand":
        return sql`${products.brandId} = (select ${brands.id} from ${brands} where ${brands.slug} = ${option})`;
      case "bed-size": {
        const bit = 1 << bedSize.enumValues.indexOf(option as (typeof bedSize.enumValues)[number]);
        return sql`(${sizeMaskOf(query)} & ${sql.raw(String(bit))}) <> 0`;
      }
    }
  };
}

/**
 * What every count of a listing shares: active, in the category, matching the search and with a
 * variant in the price range. `tsquery` is the search's full-text query, or null for none.
 */
export function baseCondition(query: ListingQuery, tsquery: string | null): SQL {
  const parts: SQL[] = [eq(products.status, "active")];
  if (query.category) {
    parts.push(
      sql`${products.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${query.category})`,
    );
  }
  if (tsquery !== null) parts.push(sql`${products.searchVector} @@ ${tsquery}::tsquery`);
  if (query.price) {
    const [low, high] = query.price.map((rand) => rand * 100);
    // The cheapest variant decides most cases. Only a product whose prices straddle the range's
    // low end has them looked at one by one: its dearest (the last: the trigger keeps them in
    // order) must reach the range first. At 100,000 products that check alone took 135 -> 42 ms.
    parts.push(sql`${products.minPriceCents} <= ${high} and (${products.minPriceCents} >= ${low}
      or (${products.variantPrices}[cardinality(${products.variantPrices})] >= ${low}
        and exists (select from unnest(${products.variantPrices}) as price where price between ${low} and ${high})))`);
  }
  return and(...parts)!;
}

/**
 * The selected options, OR within a group and AND across groups, leaving out one group (for
 * that group's own counts). `conditionOf` says how one option is tested.
 */
export function selectionCondition(
  query: ListingQuery,
  conditionOf: (group: CheckboxGroupId, option: string) => SQL,
  except?: CheckboxGroupId,
): SQL | undefined {
  const groups = CHECKBOX_GROUPS.filter((g) => g.id !== except && query.selections[g.id]?.length);
  if (groups.length === 0) return undefined;
  return and(
    ...groups.map((g) => or(...query.selections[g.id]!.map((option) => conditionOf(g.id, option)))),
  );
}
