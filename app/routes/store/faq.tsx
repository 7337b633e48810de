import { pageMeta } from "~/lib/seo";
import { Icon } from "~/components/store/icon";
import type * as React from "react";
import { Link } from "react-router";
import { ContactCallToAction, InfoHero, Prose } from "~/components/store/info-page";
import { telHref, useStoreSettings } from "~/components/store/use-store-settings";
import { BED_SIZES, POLICY, WARRANTY_PERIODS } from "~/domain/legal/policy-facts";
import type { PublicStoreSettings } from "~/domain/settings/store-settings.server";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "FAQ",
    "Answers to common questions about our mattresses, delivery, returns, payment options, warranties and bed sizes.",
  );

type Faq = { question: string; answer: (s: PublicStoreSettings) => React.ReactNode };

/** The twelve questions, in the order the shop wants them read. */
const FAQS: Faq[] = [
  {
    question: "What types of mattresses do you sell?",
    answer: () => (
      <p>
        We stock memory foam, pocket and open-coil spring, hybrid and latex mattresses, from soft
        and plush to extra firm, in every standard size. You can buy a mattress on its own or as a
        set with a matching base. Browse them on our <Link to="/mattresses">mattresses page</Link>.
      </p>
    ),
  },
  {
    question: "Do you deliver, and what does it cost?",
    answer: (s) => (
      <p>
        Yes. Most orders arrive within {POLICY.typicalDeliveryDays} business days. Delivery is free
        in {s.town} and the surrounding area on orders over{" "}
        {formatMoney(s.freeDeliveryThresholdCents)} (otherwise{" "}
        {formatMoney(s.standardDeliveryCents)}), there is a small fee elsewhere in {s.province}, and
        we quote for the rest of South Africa. Need it sooner? Express delivery costs{" "}
        {formatMoney(s.expressDeliveryCents)} and takes {POLICY.expressDeliveryDays} business days.
        See <Link to="/delivery">Delivery Information</Link>.
      </p>
    ),
  },
  {
    question: "Can I try a mattress in store before I buy?",
    answer: (s) => (
      <p>
        Please do. Our showroom at {s.streetAddress}, {s.town} has made-up beds you can lie on for
        as long as you like. Wear something comfortable, bring your partner, and lie in the position
        you usually sleep in. No appointment is needed.
      </p>
    ),
  },
  {
    question: "What is your returns policy?",
    answer: () => (
      <p>
        Most items can be returned within {POLICY.returnDays} days of delivery if they are unused
        and in their original packaging. For hygiene reasons we cannot take back a mattress once it
        has been delivered, unless it is faulty. Report any damage within {POLICY.damageReportHours}{" "}
        hours of delivery. Online orders may also be cancelled within {POLICY.coolingOffDays} days
        of delivery. Refunds are paid within {POLICY.refundBusinessDays} business days. See{" "}
        <Link to="/returns">Returns &amp; Refunds</Link>.
      </p>
    ),
  },
  {
    question: "Do you offer installation?",
    answer: (s) => (
      <p>
        Yes. Our delivery team carries your bed to the room you choose, puts the mattress in place
        and takes the packaging away with them. Tick &ldquo;Assemble my new bed&rdquo; at checkout (
        {formatMoney(s.assemblyFeeCents)}) and they assemble bed frames, bases and headboards too.
      </p>
    ),
  },
  {
    question: "What payment methods do you accept?",
    answer: (s) => (
      <ul>
        <li>Credit and debit card (Visa and Mastercard)</li>
        <li>Instant EFT through PayFast</li>
        <li>PayFlex: pay in {POLICY.payflexInstalments} interest-free instalments</li>
        <li>
          Lay-by from a {formatMoney(s.laybyMinDepositCents)} deposit, paid off over{" "}
          {POLICY.laybyMonths} months
        </li>
        <li>
          Interest-free credit for up to 3 years with no deposit, subject to approval (ask us in
          store)
        </li>
      </ul>
    ),
  },
  {
    question: "How long does a mattress last?",
    answer: () => (
      <p>
        A good mattress lasts about {POLICY.mattressLifespanYears} years. It is time for a new one
        when it sags, when you wake up stiff or sore, or when you sleep better anywhere else. A
        mattress protector and turning or rotating the mattress every few months help it last.
      </p>
    ),
  },
  {
    question: "What warranties do your products carry?",
    answer: () => (
      <>
        <ul>
          {WARRANTY_PERIODS.map((w) => (
            <li key={w.product}>
              {w.product}: {w.years}
            </li>
          ))}
        </ul>
        <p>
          Extended warranty plans add {POLICY.extendedWarrantyYears} years. Register your purchase
          within {POLICY.warrantyRegistrationDays} days of delivery. See{" "}
          <Link to="/warranty">Warranty</Link>.
        </p>
      </>
    ),
  },
  {
    question: "What bed sizes are available?",
    answer: () => (
      <table className="w-full max-w-sm text-left text-sm">
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 font-semibold">
              Size
            </th>
            <th scope="col" className="py-2 font-semibold">
              Width × length
            </th>
          </tr>
        </thead>
        <tbody>
          {BED_SIZES.map((size) => (
            <tr key={size.name} className="border-b last:border-0">
              <th scope="row" className="py-2 font-normal">
                {size.name}
              </th>
              <td className="py-2">
                {size.widthCm} × {size.lengthCm} cm
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  },
  {
    question: "Do you take custom orders?",
    answer: () => (
      <p>
        Yes. Through our suppliers we can order other sizes, fabrics and headboards, or pair the
        base and mattress of your choice. Custom orders take longer to arrive, and because they are
        made to your specification the {POLICY.coolingOffDays}-day cooling-off right for online
        orders does not apply to them. Visit us or call for a quote.
      </p>
    ),
  },
  {
    question: "Can you remove my old mattress?",
    answer: (s) => (
      <p>
        Yes. Tick &ldquo;Take away my old mattress or bed&rdquo; at checkout (
        {formatMoney(s.removalFeeCents)}) and our team takes your old mattress and base away when
        they deliver the new one, so it is gone the same day.
      </p>
    ),
  },
  {
    question: "How do I book a consultation?",
    answer: (s) => (
      <p>
        Use the Book Free Consultation button on our home page or{" "}
        <Link to="/mattresses">mattresses page</Link>, call us on{" "}
        <a href={telHref(s.phone)}>{s.phone}</a>, or send us a message. We will contact you within{" "}
        {POLICY.replyWithinHours} hours to find a time that suits you.
      </p>
    ),
  },
];

export default function FaqPage() {
  const s = useStoreSettings();
  return (
    <>
      <InfoHero
        title="Frequently Asked Questions"
        intro="Quick answers about our beds and mattresses, delivery, returns and paying."
      />
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-10 md:py-14">
        <div className="divide-y rounded-xl border bg-card">
          {FAQS.map((faq) => (
            <details key={faq.question} name="faq" className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none group-open:text-primary [&::-webkit-details-marker]:hidden">
                {faq.question}
                <Icon
                  name="chevron-down"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                />
              </summary>
              <Prose className="px-5 pb-5 text-muted-foreground">{faq.answer(s)}</Prose>
            </details>
          ))}
        </div>
        <ContactCallToAction
          title="Still have questions?"
          text="We're happy to help. Call us, send us a message, or pop into the showroom."
        />
      </div>
    </>
  );
}
