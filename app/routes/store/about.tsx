import { pageMeta } from "~/lib/seo";
import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { whatsappHref } from "~/components/store/chat-button";
import { directionsHref, HoursList, InfoHero } from "~/components/store/info-page";
import { fullAddress, telHref, useStoreSettings } from "~/components/store/use-store-settings";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { POLICY } from "~/domain/legal/policy-facts";
import { countBrandsOnSale } from "~/domain/reviews/home-claims.server";
import type { PublicStoreSettings } from "~/domain/settings/store-settings.server";
import { mediaSrc, mediaSrcSet } from "~/lib/media";
import type { Route } from "./+types/about";

/** The brands the page counts are the ones on sale, read fresh; the rest are settings. */
export async function loader() {
  return { brandCount: await countBrandsOnSale() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((m) => m?.id === "routes/store/layout")?.loaderData as
    { settings: PublicStoreSettings } | undefined;
  const years = layout?.settings.claimYearsTrading;
  return pageMeta(
    matches,
    "About Us",
    `A family bed shop${years ? ` for ${years} years` : ""}: beds, mattresses and bedding, expert advice and local delivery from our showroom${layout ? ` in ${layout.settings.province}` : ""}.`,
  );
};

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const s = useStoreSettings();
  const { brandCount } = loaderData;
  const years = s.claimYearsTrading;
  const customers = s.claimHappyCustomers;
  const brandsText = brandCount > 1 ? `${brandCount} ` : "";
  // Figures the shop counts come from its data; those it cannot, from its settings.
  const figures = [
    ...(years ? [{ value: years, label: "years in business" }] : []),
    ...(customers ? [{ value: customers, label: "happy customers" }] : []),
    ...(brandCount > 1 ? [{ value: String(brandCount), label: "brands" }] : []),
  ];
  const reasons = [
    {
      title: "Premium Quality",
      icon: "award",
      text: `We stock beds and mattresses from ${brandsText}trusted brands, and we only sell what we would sleep on ourselves.`,
    },
    {
      title: "Expert Guidance",
      icon: "users",
      text: "Lie down, take your time and ask questions. We help you choose by sleeping position, firmness and budget, never by pressure.",
    },
    {
      title: `${POLICY.sleepTrialNights}-Night Trial`,
      icon: "moon",
      text: `Sleep on your new mattress for up to ${POLICY.sleepTrialNights} nights. If the comfort is not right for you, talk to us and we will help you exchange it. Terms apply.`,
    },
    {
      title: "Local Service",
      icon: "map-pin",
      text: `We are your neighbours in ${s.town}. Our own team delivers and sets up your bed, and we are here after the sale too.`,
    },
  ] as const;

  return (
    <>
      <InfoHero
        badge={
          years ? (
            <Badge variant="accent" size="lg" className="mb-4 tracking-widest">
              {years} YEARS
            </Badge>
          ) : undefined
        }
        title={`About ${s.storeName}`}
        intro={`Helping families in ${s.town} and across ${s.province} sleep better, one good bed at a time.`}
      >
        {figures.length > 0 ? (
          <dl className="mx-auto mt-8 flex max-w-lg justify-center gap-8">
            {figures.map((f) => (
              <div key={f.label} className="flex flex-col-reverse">
                <dt className="text-xs text-muted-foreground md:text-sm">{f.label}</dt>
                <dd className="text-2xl font-bold text-primary md:text-3xl">{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </InfoHero>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 md:py-16">
        <section aria-labelledby="story-title" className="grid items-center gap-8 md:grid-cols-2">
          <div className="space-y-4 leading-relaxed">
            <h2 id="story-title" className="text-3xl font-bold tracking-tight">
              Our Story
            </h2>
            <p>
              {s.storeName} opened its doors in {s.town} with a simple idea: you should be able to
              lie on a mattress before you buy it, get honest advice from people who know beds, and
              have it delivered by a team that knows the roads.
            </p>
            <p>
              {years ? `${years} years on, we are` : "We are"} still one shop, on {s.streetAddress},
              and still run the same way. Our showroom carries foam and spring beds, mattresses for
              every budget, bed frames, bedding and bedroom furniture
              {brandCount > 1 ? ` from ${brandCount} brands` : ""}.
            </p>
            <p>
              {customers ? `${customers} customers have` : "Our customers have"} trusted us with
              their sleep: young couples buying their first bed, parents kitting out a growing
              family, and grandparents looking for a firmer mattress for a better back. Many of them
              come back, and send their friends.
            </p>
          </div>
          <img
            src={mediaSrc("site/about", 960)}
            srcSet={mediaSrcSet("site/about")}
            sizes="(min-width: 768px) 50vw, 100vw"
            width={960}
            height={540}
            loading="lazy"
            decoding="async"
            alt={`The ${s.storeName} showroom in ${s.town}, with beds on display`}
            className="aspect-[4/3] w-full rounded-xl bg-muted object-cover"
          />
        </section>

        <section aria-labelledby="why-title">
          <h2 id="why-title" className="text-center text-3xl font-bold tracking-tight">
            Why Choose {s.storeName}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map(({ title, icon, text }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
                      <Icon name={icon} className="size-6" />
                    </span>
                    <CardTitle>{title}</CardTitle>
                  </CardHeader>
                  <CardContent className="text-sm leading-relaxed text-muted-foreground">
                    {text}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <Showroom />
      </div>
    </>
  );
}

function Showroom() {
  const s = useStoreSettings();
  const address = fullAddress(s);
  return (
    <section aria-labelledby="showroom-title">
      <h2 id="showroom-title" className="text-center text-3xl font-bold tracking-tight">
        Visit Our Showroom
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Come and lie on our beds, feel the fabrics and talk to our team. No appointment needed.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card>
          <div data-slot="card-content" className="space-y-6 p-6">
            <div className="flex gap-3">
              <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-primary" />
              <div>
                <h3 className="font-semibold">Address</h3>
                <address className="not-italic text-muted-foreground">
                  {s.streetAddress}
                  <br />
                  {s.town}, {s.postalCode}
                  <br />
                  {s.province}
                </address>
              </div>
            </div>
            <div className="flex gap-3">
              <Icon name="clock" className="mt-1 size-5 shrink-0 text-primary" />
              <div className="grow">
                <h3 className="font-semibold">{s.showroomHours.label}</h3>
                <HoursList hours={s.showroomHours} className="mt-1 text-muted-foreground" />
              </div>
            </div>
            <div className="flex gap-3">
              <Icon name="phone" className="mt-1 size-5 shrink-0 text-primary" />
              <div>
                <h3 className="font-semibold">Contact</h3>
                <ul className="mt-1 space-y-1">
                  <li>
                    <a href={telHref(s.phone)} className="text-primary hover:underline">
                      {s.phone}
                    </a>
                  </li>
                  <li>
                    <a
                      href={whatsappHref(s.whatsapp)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1.5 text-primary hover:underline"
                    >
                      <Icon name="message-circle" className="size-4" /> WhatsApp us
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                  <li>
                    <a
                      href={`mailto:${s.email}`}
                      className="inline-flex items-center gap-1.5 text-primary hover:underline"
                    >
                      <Icon name="mail" className="size-4" /> {s.email}
                    </a>
                  </li>
                  <li>
                    <Link to="/contact" className="text-primary hover:underline">
                      Send us a message
                    </Link>
                  </li>
                </ul>
              </div>
            </div>
          </div>
        </Card>
        <div className="flex flex-col items-center justify-center gap-4 rounded-xl border bg-muted p-8 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-primary text-primary-foreground">
            <Icon name="map-pin" className="size-8" />
          </span>
          <h3 className="text-lg font-semibold">Find us in {s.town}</h3>
          <p className="max-w-xs text-muted-foreground">{address}</p>
          <a
            href={directionsHref(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-12 items-center gap-2 rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <Icon name="navigation" className="size-4" /> Get directions
            <span className="sr-only"> (opens Google Maps in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
