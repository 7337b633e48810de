import { Icon } from "~/components/store/icon";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/numbers";
import { Link } from "react-router";
import {
  filterTokens,
  tokenLabel,
  withoutFilters,
  withoutToken,
} from "~/domain/catalog/listing-query";
import { useListing } from "./listing-context";
import { CATEGORY_LABELS } from "./listing-pages";

function Chip({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-label={label}
        className="inline-flex h-8 items-center gap-1.5 rounded-full border bg-muted/60 pr-2.5 pl-3 text-sm hover:border-primary hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {children}
        <Icon name="x" className="size-3.5" />
      </Link>
    </li>
  );
}

/** Removable chips for the search, the category of /products and each applied filter. */
export function FilterChips() {
  const { config, query, href } = useListing();
  const tokens = filterTokens(query);
  const category = config.category === null ? query.category : null;
  if (!tokens.length && !query.q && !category) return null;
  return (
    <ul aria-label="Applied filters" className="mb-3 flex flex-wrap items-center gap-2">
      {query.q ? (
        <Chip to={href({ ...query, q: "", page: 1 })} label={`Clear search ${query.q}`}>
          &ldquo;{query.q}&rdquo;
        </Chip>
      ) : null}
      {category ? (
        <Chip
          to={href({ ...query, category: null, page: 1 })}
          label={`Show all categories, not only ${CATEGORY_LABELS[category]}`}
        >
          {CATEGORY_LABELS[category]}
        </Chip>
      ) : null}
      {tokens.map((token) => (
        <Chip
          key={token}
          to={href(withoutToken(query, token))}
          label={`Remove filter ${tokenLabel(token)}`}
        >
          {tokenLabel(token)}
        </Chip>
      ))}
      {tokens.length > 0 ? (
        <li>
          <Link
            to={href(withoutFilters(query))}
            preventScrollReset
            className="px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "Showing 12 products with 2 filters applied", announced when the list changes. */
export function ResultSummary() {
  const { applied, result } = useListing();
  const filters = filterTokens(applied).length;
  return (
    <p role="status" className="mb-4 text-sm text-muted-foreground">
      Showing {plural(result.total, "product", "products")} with{" "}
      {plural(filters, "filter", "filters")} applied
    </p>
  );
}
