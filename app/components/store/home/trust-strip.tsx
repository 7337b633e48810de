import { Icon } from "~/components/store/icon";
import { useStoreSettings } from "~/components/store/use-store-settings";

export function TrustStrip() {
  const { town } = useStoreSettings();
  const figures = [
    { icon: "award", figure: "15+", label: "Years of experience" },
    { icon: "users", figure: "5,000+", label: "Happy customers" },
    { icon: "star", figure: "2000+", label: "Five-star reviews" },
    { icon: "tags", figure: "50+", label: "Brands" },
    { icon: "headphones", figure: "24/7", label: "Support" },
    { icon: "truck", figure: "Free", label: `Delivery in ${town}` },
  ] as const;
  return (
    <section aria-label="Why shoppers trust us" className="border-y bg-muted/60">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(({ icon, figure, label }) => (
          <li key={label} data-reveal className="flex items-center gap-3">
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
