import type { IconName } from "./icon-names";
// One static, long-cached file for every storefront icon: pages ship no icon code at all.
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * A lucide icon drawn from the storefront's sprite (`icons.svg`, see `icon-names.ts`): stroked
 * in the text colour, 24px unless a class sizes it (`size-4`); a fill class (`fill-current`)
 * fills it. Hidden from screen readers unless it is given a label.
 */
export function Icon({
  name,
  className,
  "aria-label": label,
}: {
  name: IconName;
  className?: string;
  "aria-label"?: string;
}) {
  // Plain props, not a spread of one of two objects: React rendered that spread about eight
  // times slower, and a listing page draws some fifty icons.
  return (
    <svg
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={className}
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
