import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { formatMoney } from "~/lib/money";

const TILES = [
  {
    to: "/mattresses",
    deal: "50% OFF",
    title: "Memory Foam Mattresses",
    text: `From ${formatMoney(249900)}`,
    cta: "Shop Mattresses",
    tone: "bg-primary text-primary-foreground",
  },
  {
    to: "/beds",
    deal: "20% OFF",
    title: "Bed Frames",
    text: "Bases, headboards and storage beds",
    cta: "Shop Beds",
    tone: "bg-accent text-accent-foreground",
  },
  {
    to: "/products",
    deal: `${formatMoney(75000)} OFF`,
    title: "Bedroom Sets",
    text: "Bed, mattress and bedding together",
    cta: "Shop All",
    tone: "bg-secondary text-secondary-foreground",
  },
] as const;

export function PromoTiles() {
  return (
    <section aria-label="Specials" className="mx-auto max-w-7xl px-4 py-8">
      <ul className="grid gap-4 md:grid-cols-3">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className={clsx(
                "group flex h-full flex-col rounded-xl p-5 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none",
                tile.tone,
              )}
            >
              <span className="text-3xl font-extrabold tracking-tight">{tile.deal}</span>
              <span className="mt-1 text-lg font-semibold">{tile.title}</span>
              <span className="text-sm opacity-90">{tile.text}</span>
              <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold underline-offset-4 group-hover:underline">
                {tile.cta}{" "}
                <Icon
                  name="arrow-right"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
