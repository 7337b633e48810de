import { Badge } from "~/components/ui/badge";

/** The merchandising badge (SALE, BESTSELLER…) and NEW, side by side. */
export function ProductBadges({ badge, isNew }: { badge: string | null; isNew: boolean }) {
  if (!badge && !isNew) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {badge ? <Badge variant="accent">{badge}</Badge> : null}
      {isNew ? <Badge>NEW</Badge> : null}
    </div>
  );
}
