import { formatCount } from "~/lib/numbers";
import { SectionHeading } from "./section-heading";

/** The brands on sale; the count is of every brand with an active product, from the data. */
export function BrandGrid({
  brands,
  brandCount,
}: {
  brands: { id: number; name: string }[];
  brandCount: number;
}) {
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="brands-title" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading id="brands-title" title="Brands We Stock">
        {brandCount > 1
          ? `${formatCount(brandCount)} bed and mattress brands under one roof.`
          : "Bed and mattress brands under one roof."}
      </SectionHeading>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {brands.map((brand) => (
          <li
            key={brand.id}
            data-reveal
            className="grid h-20 place-items-center rounded-xl border bg-card px-3 text-center text-base font-extrabold tracking-wide break-words sm:text-lg text-muted-foreground uppercase"
          >
            {brand.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
