import { clsx } from "clsx";
import { buttonClasses } from "~/components/ui/button";
import type { ListingPageConfig } from "./listing-pages";

/** Text on colour, no picture: the page's first paint needs nothing but the HTML and CSS. */
export function ListingHero({ hero }: { hero: ListingPageConfig["hero"] }) {
  return (
    <section className="bg-gradient-to-br from-primary to-primary/85 text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-balance md:text-5xl">{hero.title}</h1>
        <p className="mt-3 max-w-2xl text-base text-pretty opacity-90 md:text-lg">{hero.intro}</p>
        {hero.cta ? (
          // A plain anchor: the browser scrolls to the list, smoothly, with or without JavaScript.
          <a
            href="#listing"
            className={clsx(buttonClasses({ variant: "accent", size: "lg" }), "mt-6")}
          >
            {hero.cta}
          </a>
        ) : null}
      </div>
    </section>
  );
}
