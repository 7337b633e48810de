import { filterTokens, type ListingQuery } from "~/domain/catalog/listing-query";
import { useListing } from "./listing-context";

type Part = "q" | "f" | "sort";

/**
 * The parts of the URL a form does not edit, as hidden fields, so that searching keeps the
 * filters, sorting keeps the search, and so on, with or without JavaScript.
 */
export function HiddenFields({ query, keep }: { query: ListingQuery; keep: Part[] }) {
  const { config } = useListing();
  return (
    <>
      {config.category === null && query.category ? (
        <input type="hidden" name="category" value={query.category} />
      ) : null}
      {keep.includes("q") && query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {keep.includes("f")
        ? filterTokens(query).map((token) => (
            <input key={token} type="hidden" name="f" value={token} />
          ))
        : null}
      {keep.includes("sort") && query.sort !== "featured" ? (
        <input type="hidden" name="sort" value={query.sort} />
      ) : null}
    </>
  );
}
