import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { ProductCard } from "~/components/store/product-card";
import { buttonVariants } from "~/components/ui/button";
import type { ProductCardData } from "~/domain/catalog/product-card";
import { SectionHeading } from "./section-heading";

export function BestSellers({ products }: { products: ProductCardData[] }) {
  return (
    <section aria-labelledby="best-sellers-title" className="bg-muted/60 py-12">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="best-sellers-title" title="Best Sellers">
          The beds our customers choose most, at up to half price.
        </SectionHeading>
        {products.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {products.map((product) => (
              <li key={product.id} data-reveal className="flex">
                <ProductCard product={product} className="w-full" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-center text-muted-foreground">New stock is on its way.</p>
        )}
        <div className="mt-8 text-center">
          <Link to="/beds" className={buttonVariants({ variant: "outline", size: "lg" })}>
            View All Beds <Icon name="arrow-right" />
          </Link>
        </div>
      </div>
    </section>
  );
}
