import { clsx } from "clsx";
import { Link } from "react-router";
import type { ProductCardVariant } from "~/domain/catalog/product-card";
import {
  SizeOption,
  sizeOptionClass,
  sizeOptionSelectedClass,
  sizeOptionUnselectedClass,
} from "./size-option";

/**
 * The product page's sizes as links to `?size=…`: a full page load without JavaScript, an
 * instant switch with it (the page shows the pending size and does not reload the product).
 */
export function SizeLinks({
  variants,
  selectedId,
}: {
  variants: readonly ProductCardVariant[];
  selectedId: number | undefined;
}) {
  return (
    <nav aria-labelledby="size-heading">
      <h2 id="size-heading" className="mb-2 text-sm font-medium">
        Size
      </h2>
      <ul className="space-y-2">
        {variants.map((v) => {
          const selected = v.id === selectedId;
          return (
            <li key={v.id}>
              <Link
                to={`?size=${v.size}`}
                replace
                preventScrollReset
                aria-current={selected ? "true" : undefined}
                className={clsx(
                  sizeOptionClass,
                  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  selected ? sizeOptionSelectedClass : sizeOptionUnselectedClass,
                )}
              >
                <span
                  aria-hidden
                  className={clsx(
                    "grid size-4 shrink-0 place-items-center rounded-full border",
                    selected ? "border-primary" : "border-muted-foreground/50",
                  )}
                >
                  {selected ? <span className="size-2 rounded-full bg-primary" /> : null}
                </span>
                <SizeOption variant={v} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
