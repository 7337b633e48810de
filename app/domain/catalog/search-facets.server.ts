import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { products } from "~/db/schema";
import { CHECKBOX_GROUPS, type CheckboxGroupId, type ListingQuery } from "./listing-query";
import { FILTER_OPTIONS, optionCondition, selectionCondition } from "./search-filters.server";

export type FacetCounts = Record<CheckboxGroupId, Record<string, number>>;

/**
 * The listing's total and every option's count, each with the other groups' selections
 * (disjunctive faceting), in one pass over the products `base` gives: a subquery works out each
 * row's option flags once, and the counts combine them.
 */
export async function countFacets(
  query: ListingQuery,
  base: SQL,
): Promise<{ total: number; facets: FacetCounts }> {
  const flag = (i: number) => sql.raw(`o${i}`);
  const flagOf = (group: CheckboxGroupId, option: string) =>
    flag(FILTER_OPTIONS.findIndex((o) => o.group === group && o.option === option));
  const countWhere = (condition: SQL | undefined) =>
    condition ? sql`count(*) filter (where ${condition})::int` : sql`count(*)::int`;
  const optionCounts = FILTER_OPTIONS.map(({ group }, i) => {
    const others = selectionCondition(query, flagOf, group);
    return sql`${countWhere(others ? sql`${flag(i)} and ${others}` : flag(i))} as ${sql.raw(`c${i}`)}`;
  });
  const flags = FILTER_OPTIONS.map(
    (o, i) => sql`${optionCondition(o.group, o.option)} as ${flag(i)}`,
  );

  // "offset 0" keeps the subquery from being merged into the counts, which would work out
  // each flag again in every count that uses it.
  const result = await db().execute<Record<string, number>>(sql`
    select ${countWhere(selectionCondition(query, flagOf))} as total,
      ${sql.join(optionCounts, sql`, `)}
    from (select ${sql.join(flags, sql`, `)} from ${products} where ${base} offset 0) as flags`);

  const row = result.rows[0]!;
  const facets = Object.fromEntries(CHECKBOX_GROUPS.map((g) => [g.id, {}])) as FacetCounts;
  FILTER_OPTIONS.forEach(({ group, option }, i) => (facets[group][option] = Number(row[`c${i}`])));
  return { total: Number(row.total), facets };
}
