import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/store/responsive-image";
import { SITE_IMAGE_SIZE, siteImage } from "~/lib/site-images";

const LIFESTYLE = siteImage("site/lifestyle");

export function LifestyleBanner() {
  return (
    <section aria-labelledby="lifestyle-title" className="mx-auto max-w-7xl px-4 py-12">
      <div
        data-reveal
        className="relative h-[26rem] overflow-hidden rounded-2xl bg-slate-800 sm:h-[24rem]"
      >
        <ResponsiveImage
          mediaKey={LIFESTYLE.key}
          alt={LIFESTYLE.alt}
          width={SITE_IMAGE_SIZE.width}
          height={SITE_IMAGE_SIZE.height}
          sizes="(min-width: 1280px) 1248px, 100vw"
          className="absolute inset-0 size-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/40 to-black/10 sm:bg-gradient-to-r" />
        <div className="relative flex h-full flex-col justify-end p-6 text-white sm:max-w-lg sm:justify-center sm:p-10">
          <h2 id="lifestyle-title" className="text-2xl font-bold sm:text-3xl">
            Wake up to better sleep
          </h2>
          <p className="mt-3 text-white/90">
            Sleep on your new mattress for a full year. If it is not right for you, we will make it
            right, and every bed is backed by a warranty of up to 10 years.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2 text-sm font-semibold">
            <li className="flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5">
              <Icon name="moon" className="size-4" /> 365-Night Sleep Trial
            </li>
            <li className="flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5">
              <Icon name="shield-check" className="size-4" /> 10-Year Warranty
            </li>
          </ul>
          <Link
            to="/warranty"
            className={buttonVariants({ variant: "secondary", className: "mt-5 self-start" })}
          >
            About our warranty
          </Link>
        </div>
      </div>
    </section>
  );
}
