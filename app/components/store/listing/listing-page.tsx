import { useState } from "react";
import type { NearestListing } from "~/domain/catalog/find-nearest-listing.server";
import type { ListingQuery } from "~/domain/catalog/listing-query";
import { BelowTheFold } from "~/components/store/below-the-fold";
import { ExpertAdvice } from "./expert-advice";
import { FilterChips, ResultSummary } from "./filter-chips";
import { FilterSidebar } from "./filter-sidebar";
import { ListingProvider, type ListingResult } from "./listing-context";
import { ListingHero } from "./listing-hero";
import type { ListingPageConfig } from "./listing-pages";
import { ListingToolbar } from "./listing-toolbar";
import { LoadMore, ProductGrid } from "./product-grid";
import { ShopByCategory } from "./shop-by-category";

/** /products, /mattresses, /beds and /bedding: one layout, each page's own words and category. */
export function ListingPage({
  config,
  query,
  result,
  nearest = null,
}: {
  config: ListingPageConfig;
  query: ListingQuery;
  result: ListingResult;
  nearest?: NearestListing | null;
}) {
  const [sidebarOpen, setSidebarOpen] = useState(true);
  return (
    <ListingProvider config={config} query={query} result={result} nearest={nearest}>
      <ListingHero hero={config.hero} />
      {config.expertAdvice ? <ExpertAdvice /> : null}
      <section
        id="listing"
        aria-label={config.hero.cta ?? config.metaTitle}
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-6 md:py-8 lg:scroll-mt-36"
      >
        <ListingToolbar
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((open) => !open)}
        />
        <div
          className={
            sidebarOpen ? "mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8" : "mt-6"
          }
        >
          <FilterSidebar open={sidebarOpen} />
          <div>
            <FilterChips />
            <ResultSummary />
            <ProductGrid wide={!sidebarOpen} />
            <LoadMore />
          </div>
        </div>
      </section>
      <BelowTheFold>
        <ShopByCategory />
      </BelowTheFold>
    </ListingProvider>
  );
}
