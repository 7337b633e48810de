import { Icon } from "~/components/store/icon";
import { Link } from "react-router";

const CATEGORIES = [
  {
    to: "/mattresses",
    title: "Mattresses",
    text: "Memory foam, spring, hybrid and latex in every size.",
    icon: "bed-single",
  },
  {
    to: "/beds",
    title: "Bed Frames",
    text: "Foam and spring sets, storage beds, divans and adjustable bases.",
    icon: "bed-double",
  },
  {
    to: "/bedding",
    title: "Bedding & Accessories",
    text: "Duvets, sheets, pillows, protectors and toppers.",
    icon: "layers",
  },
] as const;

export function ShopByCategory() {
  return (
    <section aria-labelledby="shop-by-category-title" className="bg-muted/60 py-10">
      <div className="mx-auto max-w-7xl px-4">
        <h2
          id="shop-by-category-title"
          className="mb-6 text-center text-2xl font-bold tracking-tight"
        >
          Shop by Category
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {CATEGORIES.map(({ to, title, text, icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                  <Icon name={icon} className="size-6" />
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold group-hover:text-primary">{title}</h3>
                  <span className="text-sm text-muted-foreground">{text}</span>
                  <span className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary">
                    Shop now <Icon name="arrow-right" className="size-4" />
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
