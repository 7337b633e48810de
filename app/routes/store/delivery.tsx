import { pageMeta } from "~/lib/seo";
import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import {
  ContactCallToAction,
  HoursList,
  InfoHero,
  InfoSection,
  PageBody,
} from "~/components/store/info-page";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { POLICY } from "~/domain/legal/policy-facts";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Delivery Information",
    `Delivery in ${POLICY.typicalDeliveryDays} business days: free locally on qualifying orders, express delivery, delivery areas, costs and hours.`,
  );

export default function DeliveryPage() {
  const s = useStoreSettings();
  const freeOver = formatMoney(s.freeDeliveryThresholdCents);
  const highlights = [
    {
      icon: "clock",
      title: `${POLICY.typicalDeliveryDays} business days`,
      text: "typical delivery time",
    },
    {
      icon: "truck",
      title: "Free local delivery",
      text: `in ${s.town} and surrounds on orders over ${freeOver}`,
    },
    {
      icon: "zap",
      title: `Express ${formatMoney(s.expressDeliveryCents)}`,
      text: `${POLICY.expressDeliveryDays} business days`,
    },
  ] as const;

  return (
    <>
      <InfoHero
        title="Delivery Information"
        intro={`Our own team delivers from our showroom in ${s.town}, carries your bed inside and sets it up for you.`}
      />
      <PageBody>
        <ul className="grid gap-4 sm:grid-cols-3">
          {highlights.map(({ icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-5 text-center">
              <Icon name={icon} className="mx-auto size-7 text-primary" />
              <p className="mt-2 font-semibold">{title}</p>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>

        <InfoSection id="times" title="How long delivery takes">
          <p>
            Most orders are delivered within {POLICY.typicalDeliveryDays} business days of your
            payment clearing. At checkout we quote {POLICY.standardDeliveryDays} business days for
            standard delivery, to allow for items we order in from our suppliers. If anything in
            your order is not in stock, we tell you straight away and agree a date with you.
          </p>
          <p>Custom and made-to-order items take longer; we give you a date when you order.</p>
        </InfoSection>

        <InfoSection id="costs" title="Delivery areas and costs">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Where
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody className="[&_td]:py-3 [&_th]:py-3 [&_th]:pr-4 [&_tr]:border-b [&_tr]:align-top">
                <tr>
                  <th scope="row" className="font-medium">
                    {s.town} and surrounding area
                  </th>
                  <td>
                    Free on orders over {freeOver}; {formatMoney(s.standardDeliveryCents)} on
                    smaller orders
                  </td>
                </tr>
                <tr>
                  <th scope="row" className="font-medium">
                    Elsewhere in {s.province}
                  </th>
                  <td>A small fee, depending on the distance; we confirm it before we deliver</td>
                </tr>
                <tr>
                  <th scope="row" className="font-medium">
                    Rest of South Africa
                  </th>
                  <td>
                    Quoted per order: <Link to="/contact">ask us for a quote</Link> before you order
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </InfoSection>

        <InfoSection id="options" title="Delivery options at checkout">
          <ul>
            <li>
              <strong>Standard delivery:</strong> free when your order is over {freeOver}, otherwise{" "}
              {formatMoney(s.standardDeliveryCents)}; {POLICY.standardDeliveryDays} business days.
            </li>
            <li>
              <strong>Express delivery:</strong> {formatMoney(s.expressDeliveryCents)};{" "}
              {POLICY.expressDeliveryDays} business days within {s.town} and surrounds.
            </li>
          </ul>
          <p>The delivery cost is shown in your order summary before you pay.</p>
        </InfoSection>

        <InfoSection id="hours" title={s.deliveryHours.label}>
          <HoursList hours={s.deliveryHours} className="max-w-sm" />
          <p>We contact you before your delivery day to agree a time that suits you.</p>
        </InfoSection>

        <InfoSection id="on-the-day" title="On delivery day">
          <ul>
            <li>Someone aged 18 or older needs to be home to receive the order.</li>
            <li>
              Measure doorways, passages and stairs beforehand, especially for king-size and storage
              beds. If a bed cannot fit, we talk to you about the options.
            </li>
            <li>
              Check your order before the team leaves. Report any damage within{" "}
              {POLICY.damageReportHours} hours of delivery (see{" "}
              <Link to="/returns">Returns &amp; Refunds</Link>).
            </li>
            <li>
              We can take your old mattress or bed away on the same trip (
              {formatMoney(s.removalFeeCents)}) and assemble your new bed (
              {formatMoney(s.assemblyFeeCents)}): tick them at checkout.
            </li>
          </ul>
        </InfoSection>

        <ContactCallToAction title="Questions about your delivery?" />
      </PageBody>
    </>
  );
}
