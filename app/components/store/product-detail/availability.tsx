import { clsx } from "clsx";
import { availabilityLabel, LOW_STOCK_SHOWN_AT } from "~/domain/catalog/product-card";

/** "In stock", "Only N left" or "Out of stock", coloured to match. */
export function Availability({ available, className }: { available: number; className?: string }) {
  return (
    <p
      className={clsx(
        "text-sm font-medium",
        available <= 0
          ? "text-destructive"
          : available <= LOW_STOCK_SHOWN_AT
            ? "text-amber-700 dark:text-amber-400"
            : "text-green-700 dark:text-green-400",
        className,
      )}
    >
      {availabilityLabel(available)}
    </p>
  );
}
