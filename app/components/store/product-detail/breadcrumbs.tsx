import { Icon } from "~/components/store/icon";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

/** Home / category / product: each step a link but the page itself. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, i) => (
          <li key={item.label} className="flex items-center gap-1">
            {i > 0 ? <Icon name="chevron-right" className="size-3.5" /> : null}
            {item.to ? (
              <Link to={item.to} className="hover:text-foreground hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-foreground">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The listing page of a category: the three with pages of their own, else the filtered list. */
export function categoryPath(slug: string): string {
  return ["mattresses", "beds", "bedding"].includes(slug)
    ? `/${slug}`
    : `/products?category=${encodeURIComponent(slug)}`;
}
