import { formatMoney } from "~/lib/money";
import { Suspense } from "react";
import { BestSellers } from "~/components/store/home/best-sellers";
import { BrandGrid } from "~/components/store/home/brand-grid";
import { CreditBanner } from "~/components/store/home/credit-banner";
import { HeroSlideshow } from "~/components/store/home/hero-slideshow";
import { LifestyleBanner } from "~/components/store/home/lifestyle-banner";
import { PaymentBadges } from "~/components/store/home/payment-badges";
import { FeaturedRanges } from "~/components/store/home/product-range";
import { PromoTiles } from "~/components/store/home/promo-tiles";
import { SocialFollow } from "~/components/store/home/social-follow";
import { Testimonials } from "~/components/store/home/testimonials";
import { TrustStrip } from "~/components/store/home/trust-strip";
import { WhyChooseUs } from "~/components/store/home/why-choose-us";
import { BelowTheFold } from "~/components/store/below-the-fold";
import { useReveal } from "~/components/store/use-reveal";
import { listHomeProducts } from "~/domain/catalog/list-home-products.server";
import { homeClaims } from "~/domain/reviews/home-claims.server";
import type { PublicStoreSettings } from "~/domain/settings/store-settings.server";
import { mediaSrc } from "~/lib/media";
import { absoluteUrl, originFromMatches, seoMeta } from "~/lib/seo";
import { SHOWROOM_SLIDES, SITE_IMAGE_SIZE } from "~/lib/site-images";
import type { Route } from "./+types/home";

/** The page is in the render cache, keyed by this data: new figures give a new page. */
export async function loader() {
  const [lists, claims] = await Promise.all([listHomeProducts(), homeClaims()]);
  return { ...lists, claims };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = matches.find((m) => m?.id === "routes/store/layout")?.data as
    { settings: PublicStoreSettings } | undefined;
  if (!layout) return [{ title: "Beds, Mattresses & Bedding" }];
  const { storeName, town, laybyMinDepositCents } = layout.settings;
  const origin = originFromMatches(matches);
  const hero = SHOWROOM_SLIDES[0]!;
  return seoMeta({
    title: `${storeName} | Beds, Mattresses & Bedding in ${town}`,
    description: `Foam and spring beds, mattresses and bedding at up to 50% off from ${storeName} in ${town}. Free local delivery, lay-by from ${formatMoney(laybyMinDepositCents)} and 3 years interest-free credit.`,
    origin,
    path: "/",
    siteName: storeName,
    image: origin
      ? { url: absoluteUrl(origin, mediaSrc(hero.key, 960)), alt: hero.alt, ...SITE_IMAGE_SIZE }
      : undefined,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const revealRef = useReveal<HTMLDivElement>();
  return (
    <div ref={revealRef}>
      <HeroSlideshow />
      {/* Hydrated on its own too: the first screen's work is split in two. */}
      <Suspense>
        <PromoTiles />
      </Suspense>
      <BelowTheFold>
        <TrustStrip claims={loaderData.claims} />
      </BelowTheFold>
      <BelowTheFold>
        <LifestyleBanner />
      </BelowTheFold>
      <BelowTheFold>
        <WhyChooseUs />
      </BelowTheFold>
      <BelowTheFold>
        <BestSellers products={loaderData.bestSellers} />
      </BelowTheFold>
      <BelowTheFold>
        <FeaturedRanges foamBeds={loaderData.foamBeds} springBeds={loaderData.springBeds} />
      </BelowTheFold>
      {/* Left out with no featured review: an empty part would still hold its place. */}
      {loaderData.claims.stories.length > 0 ? (
        <BelowTheFold>
          <Testimonials claims={loaderData.claims} />
        </BelowTheFold>
      ) : null}
      <BelowTheFold>
        <PaymentBadges />
      </BelowTheFold>
      <BelowTheFold>
        <SocialFollow />
      </BelowTheFold>
      <BelowTheFold>
        <BrandGrid brands={loaderData.brands} brandCount={loaderData.claims.brandCount} />
      </BelowTheFold>
      <BelowTheFold>
        <CreditBanner />
      </BelowTheFold>
    </div>
  );
}
