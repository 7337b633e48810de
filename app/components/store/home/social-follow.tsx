import { Icon } from "~/components/store/icon";
import { SOCIAL_NETWORKS } from "~/components/store/social-icons";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { SectionHeading } from "./section-heading";

const BLURBS: Record<(typeof SOCIAL_NETWORKS)[number]["key"], string> = {
  facebook: "Specials and showroom news",
  instagram: "Bedroom ideas and new arrivals",
  tiktok: "Behind the scenes at the shop",
  youtube: "Mattress guides and how-tos",
};

export function SocialFollow() {
  const { storeName, socialLinks } = useStoreSettings();
  const networks = SOCIAL_NETWORKS.filter((n) => socialLinks[n.key]);
  if (networks.length === 0) return null;
  return (
    <section aria-labelledby="social-title" className="bg-muted/60 py-12">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="social-title" title="Follow Us">
          Join the {storeName} community for specials and sleep tips.
        </SectionHeading>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {networks.map(({ key, label, icon }) => (
            <li key={key} data-reveal>
              <a
                href={socialLinks[key]}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex h-full flex-col items-center rounded-xl border bg-card p-5 text-center shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="grid size-12 place-items-center rounded-full bg-primary text-primary-foreground">
                  <Icon name={icon} className="size-6" />
                </span>
                <span className="mt-3 font-semibold">{label}</span>
                <span className="mt-0.5 text-xs text-muted-foreground">{BLURBS[key]}</span>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary group-hover:underline">
                  Follow <Icon name="external-link" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
