import { Icon } from "~/components/store/icon";
import type { IconName } from "~/components/store/icon-names";
import { useStoreSettings } from "~/components/store/use-store-settings";
import type { HomeClaims } from "~/domain/reviews/home-claims.server";
import { formatCount } from "~/lib/numbers";

type Figure = { icon: IconName; figure: string; label: string };

/**
 * The shop's figures: the ones it counts (published reviews, brands on sale) from the data,
 * the ones it cannot (years trading, happy customers) from its settings, each left out when
 * there is nothing to state.
 */
export function TrustStrip({ claims }: { claims: HomeClaims }) {
  const { town, claimYearsTrading, claimHappyCustomers, footerHours } = useStoreSettings();
  const open = footerHours.lines[0];
  const figures: Figure[] = [];
  if (claimYearsTrading) {
    figures.push({ icon: "award", figure: claimYearsTrading, label: "Years of experience" });
  }
  if (claimHappyCustomers) {
    figures.push({ icon: "users", figure: claimHappyCustomers, label: "Happy customers" });
  }
  if (claims.reviewCount > 0) {
    figures.push({
      icon: "star",
      figure: `${claims.averageRating.toFixed(1)} / 5`,
      label: `From ${formatCount(claims.reviewCount)} ${claims.reviewCount === 1 ? "review" : "reviews"}`,
    });
  }
  if (claims.brandCount > 0) {
    figures.push({ icon: "tags", figure: formatCount(claims.brandCount), label: "Brands" });
  }
  if (open) figures.push({ icon: "headphones", figure: open.days, label: `Open ${open.hours}` });
  figures.push({ icon: "truck", figure: "Free", label: `Delivery in ${town}` });
  return (
    <section aria-label="Why shoppers trust us" className="border-y bg-muted/60">
      {/* As many figures as the shop can state, centred in rows. */}
      <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-x-10 gap-y-6 px-4 py-8">
        {figures.map(({ icon, figure, label }) => (
          <li key={label} data-reveal className="flex min-w-40 items-center gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <Icon name={icon} className="size-5" />
            </span>
            <span>
              <span className="block text-xl leading-tight font-bold">{figure}</span>
              <span className="block text-sm text-muted-foreground">{label}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
