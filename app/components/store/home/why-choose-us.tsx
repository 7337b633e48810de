import { Icon } from "~/components/store/icon";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { LAYBY_MAX_MONTHS } from "~/domain/layby/limits";
import { formatMoney } from "~/lib/money";
import { SectionHeading } from "./section-heading";

export function WhyChooseUs() {
  const { storeName, town, freeDeliveryThresholdCents, laybyMinDepositCents, claimYearsTrading } =
    useStoreSettings();
  const benefits = [
    {
      icon: "truck",
      title: "Free Local Delivery",
      text: `Free delivery in ${town} and surrounds on orders over ${formatMoney(freeDeliveryThresholdCents)}.`,
    },
    {
      icon: "moon",
      title: "365-Night Sleep Trial",
      text: "A whole year to be sure your new mattress is the right one.",
    },
    {
      icon: "shield-check",
      title: "10-Year Warranty",
      text: "Beds and mattresses backed by warranties of up to 10 years.",
    },
    {
      icon: "wallet",
      title: "Lay-by & Credit",
      text: `Lay-by from a ${formatMoney(laybyMinDepositCents)} deposit over ${LAYBY_MAX_MONTHS} months, or 3 years interest-free credit.`,
    },
    {
      icon: "badge-percent",
      title: "Prices That Save",
      text: "50% off all beds, with savings of up to R15,000 on selected sets.",
    },
    {
      icon: "messages-square",
      title: "Honest Advice",
      text: `${claimYearsTrading ? `${claimYearsTrading} years of helping families sleep well. ` : ""}Book a free consultation any time.`,
    },
  ] as const;
  return (
    <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading id="why-title" title={`Why choose ${storeName}?`}>
        {claimYearsTrading
          ? `A family shop in ${town} for ${claimYearsTrading} years, with the service to match.`
          : `A family shop in ${town}, with the service to match.`}
      </SectionHeading>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map(({ icon, title, text }) => (
          <li key={title} data-reveal className="rounded-xl border bg-card p-6 shadow-sm">
            <span className="grid size-12 place-items-center rounded-lg bg-primary/10 text-primary">
              <Icon name={icon} className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
