import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import type { MouseEvent } from "react";
import { Badge } from "~/components/ui/badge";
import { NativeSelect } from "~/components/ui/input";
import {
  CHECKBOX_GROUPS,
  filterTokens,
  PRICE_RANGE,
  tokenLabel,
  withoutFilters,
  withoutToken,
  withToken,
  type ListingQuery,
  type SortOption,
} from "~/domain/catalog/listing-query";
import { CheckboxFilterGroup, FilterSection } from "./filter-group";
import { useListing } from "./listing-context";
import { PriceRangeField } from "./price-range-field";
import { SortOptions } from "./sort-select";

/**
 * The filter groups with their real counts, the price slider, and, while filters are applied,
 * Clear All and a badge per filter. `onChange` either applies a change at once (sidebar, sheet)
 * or stages it (drawer). The badges and Clear All are links, so they work without JavaScript.
 */
export function FilterPanel({
  query,
  onChange,
  sort,
  className,
}: {
  query: ListingQuery;
  onChange: (next: ListingQuery) => void;
  /** Show the sort among the filters: always (drawer), only below desktop (no-script panel), or not. */
  sort?: "always" | "small-screens";
  className?: string;
}) {
  const { href, result } = useListing();
  const tokens = filterTokens(query);
  const follow = (next: ListingQuery) => (event: MouseEvent) => {
    event.preventDefault();
    onChange(next);
  };
  // Groups that cannot narrow this listing (no product has any of their options) stay out.
  const groups = CHECKBOX_GROUPS.filter(
    (group) =>
      (query.selections[group.id]?.length ?? 0) > 0 ||
      Object.values(result.facets[group.id] ?? {}).some((count) => count > 0),
  );

  return (
    <div className={className}>
      {sort ? (
        <div className={clsx("border-b pb-4", sort === "small-screens" && "lg:hidden")}>
          <label htmlFor={`sort-${sort}`} className="mb-2 block text-sm font-semibold">
            Sort by
          </label>
          <NativeSelect
            id={`sort-${sort}`}
            name="sort"
            value={query.sort}
            onChange={(event) =>
              onChange({ ...query, sort: event.target.value as SortOption, page: 1 })
            }
          >
            <SortOptions />
          </NativeSelect>
        </div>
      ) : null}
      {tokens.length > 0 ? (
        <div className="border-b py-3">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="text-sm font-semibold">Applied ({tokens.length})</p>
            <a
              href={href(withoutFilters(query))}
              onClick={follow(withoutFilters(query))}
              className="text-sm font-medium text-primary hover:underline"
            >
              Clear All
            </a>
          </div>
          <ul className="flex flex-wrap gap-1.5">
            {tokens.map((token) => (
              <li key={token}>
                <a
                  href={href(withoutToken(query, token))}
                  onClick={follow(withoutToken(query, token))}
                  aria-label={`Remove filter ${tokenLabel(token)}`}
                >
                  <Badge variant="secondary" className="gap-1 hover:bg-secondary/70">
                    {tokenLabel(token)}
                    <Icon name="x" className="size-3" />
                  </Badge>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {groups.map((group) => (
        <CheckboxFilterGroup
          key={group.id}
          group={group}
          selected={query.selections[group.id] ?? []}
          counts={result.facets[group.id]}
          onToggle={(token, checked) =>
            onChange(checked ? withToken(query, token) : withoutToken(query, token))
          }
        />
      ))}
      <FilterSection title={PRICE_RANGE.title}>
        <PriceRangeField
          key={query.price?.join("-") ?? "all"}
          value={query.price}
          onCommit={(range) =>
            onChange(
              range
                ? withToken(query, `${PRICE_RANGE.id}-${range[0]}-${range[1]}`)
                : withoutToken(query, `${PRICE_RANGE.id}-`),
            )
          }
        />
      </FilterSection>
    </div>
  );
}
