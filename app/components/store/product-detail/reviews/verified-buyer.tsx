import { Icon } from "~/components/store/icon";

/** The mark of a review whose writer bought the product from the shop. */
export function VerifiedBuyer() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-green-700 dark:text-green-400">
      <Icon name="badge-check" className="size-4" /> Verified buyer
    </span>
  );
}
