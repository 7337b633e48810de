import { pageMeta } from "~/lib/seo";
import { Link } from "react-router";
import { ContactCallToAction, InfoHero, InfoSection, PageBody } from "~/components/store/info-page";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { POLICY } from "~/domain/legal/policy-facts";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Returns & Refunds",
    `Returns within ${POLICY.returnDays} days of delivery, damaged or faulty goods, cancelling an online order and how refunds are paid.`,
  );

export default function ReturnsPage() {
  const s = useStoreSettings();
  const facts = [
    { value: `${POLICY.returnDays} days`, label: "to return most items, from delivery" },
    { value: `${POLICY.damageReportHours} hours`, label: "to report delivery damage" },
    { value: POLICY.refundBusinessDays, label: "business days to receive your refund" },
  ];

  return (
    <>
      <InfoHero
        title="Returns & Refunds"
        intro="Changed your mind, or something is not right? Here is how returns, exchanges and refunds work."
      />
      <PageBody>
        <dl className="grid gap-4 sm:grid-cols-3">
          {facts.map((f) => (
            <div
              key={f.label}
              className="flex flex-col-reverse rounded-xl border bg-card p-5 text-center"
            >
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="text-2xl font-bold text-primary">{f.value}</dd>
            </div>
          ))}
        </dl>

        <InfoSection id="returns" title={`${POLICY.returnDays}-day returns`}>
          <p>
            You may return most items within {POLICY.returnDays} days of delivery for an exchange or
            a refund, as long as they are unused, undamaged and in their original packaging, with
            your invoice or order number.
          </p>
          <p>
            If you simply changed your mind, you pay the cost of bringing the item back to us (or
            our collection fee, which we quote before we collect). We pay for returns of faulty or
            wrongly delivered goods.
          </p>
        </InfoSection>

        <InfoSection id="mattresses" title="Mattresses">
          <p>
            For hygiene reasons we cannot take back a mattress once it has been delivered and
            unwrapped, simply because you changed your mind. This does not affect your rights:
          </p>
          <ul>
            <li>A faulty mattress is covered like any other faulty item (see below).</li>
            <li>
              A mattress bought online can be returned under the cooling-off right below. Please
              keep it in its protective wrapping until you are sure.
            </li>
            <li>
              Not sure about the comfort after a few weeks? Talk to us about our{" "}
              {POLICY.sleepTrialNights}-night sleep trial, which lets you exchange it for a firmer
              or softer one (terms apply).
            </li>
          </ul>
        </InfoSection>

        <InfoSection id="damaged" title="Damaged or faulty goods">
          <p>
            Please check your order when it is delivered. If anything arrived damaged or is not what
            you ordered, tell us within {POLICY.damageReportHours} hours of delivery, with photos if
            you can, and we will collect and replace it at no cost to you.
          </p>
          <p>
            Under the Consumer Protection Act you may return goods that turn out to be defective
            within {POLICY.cpaWarrantyMonths} months of delivery, and choose a repair, a replacement
            or a refund. After that, the manufacturer's warranty applies: see our{" "}
            <Link to="/warranty">warranty page</Link>. Wear and tear, misuse and damage after
            delivery are not defects.
          </p>
        </InfoSection>

        <InfoSection id="cooling-off" title="Cancelling an online order">
          <p>
            If you ordered on our website, the Electronic Communications and Transactions Act lets
            you cancel within {POLICY.coolingOffDays} days of delivery, without giving a reason and
            without any penalty. You pay only the direct cost of returning the goods, and we refund
            everything else you paid. This does not apply to goods made to your own specification.
          </p>
          <p>
            To cancel, e-mail <a href={`mailto:${s.email}`}>{s.email}</a> or call {s.phone} with
            your order number.
          </p>
        </InfoSection>

        <InfoSection id="how" title="How to return an item">
          <ol>
            <li>
              Contact us with your order number and the item you want to return. We reply within{" "}
              {POLICY.replyWithinHours} hours.
            </li>
            <li>
              Bring the item to our showroom at {s.streetAddress}, {s.town}, or we arrange a time to
              collect it.
            </li>
            <li>We check the item and confirm your refund or exchange.</li>
          </ol>
        </InfoSection>

        <InfoSection id="refunds" title="Refunds">
          <p>
            Once we have received and checked the item, we refund you within{" "}
            {POLICY.refundBusinessDays} business days, to the card or account you paid with. Your
            bank may take a few more days to show the money.
          </p>
        </InfoSection>

        <ContactCallToAction title="Need to return something?" />
      </PageBody>
    </>
  );
}
