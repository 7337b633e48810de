import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { bedSize, brands, categories, products } from "~/db/schema";
import { CHECKBOX_GROUPS, type CheckboxGroupId, type ListingQuery } from "./listing-query";

/** Whether a product has one option of a group, as a condition on its own row. */
export function optionCondition(group: CheckboxGroupId, option: string): SQL {
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
      // The product's sizes are a bit mask kept by a trigger, in the enum's order.
      const bit = 1 << bedSize.enumValues.indexOf(option as (typeof bedSize.enumValues)[number]);
      return sql`(${products.sizeMask} & ${sql.raw(String(bit))}) <> 0`;
    }
  }
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
