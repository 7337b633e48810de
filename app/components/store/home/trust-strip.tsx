import { Award, Headphones, Star, Tags, Truck, Users } from "lucide-react";
import { useStoreSettings } from "~/components/store/use-store-settings";

export function TrustStrip() {
  const { town } = useStoreSettings();
  const figures = [
    { Icon: Award, figure: "15+", label: "Years of experience" },
    { Icon: Users, figure: "5,000+", label: "Happy customers" },
    { Icon: Star, figure: "2000+", label: "Five-star reviews" },
    { Icon: Tags, figure: "50+", label: "Brands" },
    { Icon: Headphones, figure: "24/7", label: "Support" },
    { Icon: Truck, figure: "Free", label: `Delivery in ${town}` },
  ];
  return (
    <section aria-label="Why shoppers trust us" className="border-y bg-muted/60">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(({ Icon, figure, label }) => (
          <li key={label} data-reveal className="flex items-center gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
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
