import { chargePercentText } from "~/domain/layby/cancellation";
import { LAYBY_GRACE_BUSINESS_DAYS } from "~/domain/layby/limits";
import { pageMeta } from "~/lib/seo";
import type * as React from "react";
import { Link } from "react-router";
import {
  ContactCallToAction,
  InfoHero,
  LastUpdated,
  PageBody,
  PolicySections,
  type PolicySection,
} from "~/components/store/info-page";
import { fullAddress, telHref, useStoreSettings } from "~/components/store/use-store-settings";
import { POLICY_LAST_CHANGED } from "~/domain/legal/policy-dates";
import { POLICY } from "~/domain/legal/policy-facts";
import { siteUrl } from "~/lib/site-url.server";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/terms";

// When you change this text, change POLICY_LAST_CHANGED.terms in the same edit.

/** The shop's web address, which the ECTA asks us to state. */
export function loader() {
  return { siteUrl: siteUrl() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Terms & Conditions",
    "The terms of buying from our online shop: who we are, prices, payment, delivery, your right to cancel, returns, warranties and disputes.",
  );

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const s = useStoreSettings();
  const mail = <a href={`mailto:${s.email}`}>{s.email}</a>;
  const supplier: [string, React.ReactNode][] = [
    ["Trading name", s.storeName],
    ["Legal name", s.legalName],
    ["Registration number", `${s.registrationNumber} (registered in South Africa)`],
    ...(s.vatNumber ? [["VAT number", s.vatNumber] as [string, string]] : []),
    ["Physical address", fullAddress(s)],
    ["Address for legal notices", "Our physical address above"],
    ["Telephone", <a href={telHref(s.phone)}>{s.phone}</a>],
    ["E-mail", mail],
    ["Website", <a href={loaderData.siteUrl}>{loaderData.siteUrl.replace(/^https?:\/\//, "")}</a>],
  ];

  const sections: PolicySection[] = [
    {
      id: "about-us",
      title: "About us",
      body: (
        <>
          <p>
            These terms apply when you buy from our online shop. They are written to meet section 43
            of the Electronic Communications and Transactions Act, 2002 (ECTA), and nothing in them
            limits your rights under the ECTA or the Consumer Protection Act, 2008 (CPA).
          </p>
          <dl className="grid gap-x-6 gap-y-2 rounded-lg border p-4 sm:grid-cols-[auto_1fr]">
            {supplier.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd className="mb-2 text-muted-foreground sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ),
    },
    {
      id: "goods",
      title: "What we sell",
      body: (
        <p>
          Beds (foam and spring bed sets of a base and mattress), mattresses (memory foam, spring,
          hybrid and latex), bed frames and headboards, bedding (duvets, pillows, protectors and
          linen), bedroom furniture and accessories, in Single, Three-quarter, Double, Queen and
          King sizes. Each product page describes the product, its size and comfort level. Photos
          show the product as accurately as we can, but colours and fabrics can look slightly
          different on screen.
        </p>
      ),
    },
    {
      id: "prices",
      title: "Prices",
      body: (
        <p>
          All prices are in South African rand and include VAT at 15%. The delivery cost is shown
          separately, and your order summary shows the full price, including delivery, before you
          pay. The price you pay is the price shown when you placed your order. If a price is
          obviously wrong because of an error, we tell you before we deliver and you may cancel for
          a full refund.
        </p>
      ),
    },
    {
      id: "ordering",
      title: "Placing an order and your order record",
      body: (
        <>
          <p>
            Before you pay, the checkout shows everything in your order, the delivery cost and the
            total, and you can go back to correct or change anything, or stop. The agreement is made
            when we confirm your order by e-mail after your payment is received.
          </p>
          <p>
            Your confirmation e-mail includes your order number and a link to your order page, where
            you can see the full record of your order at any time. Please keep the e-mail, or save
            or print the page.
          </p>
          <p>
            If an item turns out to be unavailable, we tell you immediately and refund what you paid
            for it within 30 days.
          </p>
        </>
      ),
    },
    {
      id: "payment",
      title: "Payment",
      body: (
        <>
          <ul>
            <li>
              <strong>Card</strong> (Visa and Mastercard) and <strong>instant EFT</strong>, on
              PayFast's secure payment page.
            </li>
            <li>
              <strong>PayFlex</strong>: pay in {POLICY.payflexInstalments} interest-free
              instalments, subject to PayFlex's approval and terms.
            </li>
            <li>
              <strong>Lay-by</strong>: reserve your goods with a deposit from{" "}
              {formatMoney(s.laybyMinDepositCents)} and pay the balance in monthly instalments over
              up to {POLICY.laybyMonths} months. Checkout shows every due date and amount before you
              agree, and the order confirmation e-mail is your written lay-by agreement, which
              follows section 62 of the CPA. We keep the goods for you, at our risk, and deliver
              once they are paid in full. If you cancel before paying in full, or have not paid in
              full {LAYBY_GRACE_BUSINESS_DAYS} business days after the last due date, we refund what
              you paid less a cancellation charge of {chargePercentText(s.laybyChargeBasisPoints)}{" "}
              of the price of the goods, delivery and add-ons not included (never more than 1%, and
              never more than you paid), with the calculation in writing; there is no charge if you
              could not complete the plan because of hospitalisation or death.
            </li>
          </ul>
          <p>
            Your card and bank details are entered on the payment provider's page and never reach
            our website.
          </p>
        </>
      ),
    },
    {
      id: "delivery",
      title: "Delivery",
      body: (
        <>
          <ul>
            <li>
              <strong>Standard delivery:</strong> free on orders over{" "}
              {formatMoney(s.freeDeliveryThresholdCents)}, otherwise{" "}
              {formatMoney(s.standardDeliveryCents)}; {POLICY.standardDeliveryDays} business days in{" "}
              {s.town} and surrounds.
            </li>
            <li>
              <strong>Express delivery:</strong> {formatMoney(s.expressDeliveryCents)};{" "}
              {POLICY.expressDeliveryDays} business days in {s.town} and surrounds.
            </li>
            <li>
              Elsewhere in {s.province} we charge a small fee depending on the distance, and we
              quote for the rest of South Africa before you order.
            </li>
          </ul>
          <p>
            If we cannot deliver within 30 days of your order (unless we agreed on another date),
            you may cancel the order by giving us 7 days' written notice. The goods are your risk
            once they are delivered. See <Link to="/delivery">Delivery Information</Link> for
            delivery hours and what to expect.
          </p>
        </>
      ),
    },
    {
      id: "cancel",
      title: "Your right to cancel",
      body: (
        <>
          <p>
            Under section 44 of the ECTA you may cancel an online order within{" "}
            {POLICY.coolingOffDays} days after the goods are delivered, without giving a reason and
            without any penalty. You pay only the direct cost of returning the goods to us. We
            refund everything else you paid within 30 days of your cancellation, and usually within{" "}
            {POLICY.refundBusinessDays} business days after we receive the goods.
          </p>
          <p>
            To cancel, e-mail {mail} or call us with your order number. This right does not apply to
            goods made to your own specification.
          </p>
        </>
      ),
    },
    {
      id: "returns",
      title: "Returns and refunds",
      body: (
        <p>
          Most items may be returned within {POLICY.returnDays} days of delivery. For hygiene
          reasons we do not take back delivered mattresses unless they are defective or the order is
          cancelled as above. Report delivery damage within {POLICY.damageReportHours} hours.
          Refunds are paid within {POLICY.refundBusinessDays} business days. The full policy is on
          our <Link to="/returns">Returns &amp; Refunds</Link> page.
        </p>
      ),
    },
    {
      id: "warranty",
      title: "Warranties and defective goods",
      body: (
        <p>
          Under the CPA, goods that are defective within {POLICY.cpaWarrantyMonths} months of
          delivery may be returned for a repair, replacement or refund, at your choice. Our products
          also carry the manufacturer's warranty: see our <Link to="/warranty">Warranty</Link> page.
        </p>
      ),
    },
    {
      id: "privacy",
      title: "Privacy and security",
      body: (
        <p>
          We use your personal information only as our <Link to="/privacy">Privacy Policy</Link>{" "}
          describes. Our website uses an encrypted connection, and payments are processed on our
          payment providers' secure pages.
        </p>
      ),
    },
    {
      id: "promotions",
      title: "Promotions",
      body: (
        <p>
          Sale prices and promotion codes apply for the period stated with them, or while stock
          lasts, and cannot be exchanged for cash. Our {POLICY.sleepTrialNights}-night sleep trial
          and extended warranty plans have their own terms, which we give you in writing.
        </p>
      ),
    },
    {
      id: "disputes",
      title: "Complaints and disputes",
      body: (
        <p>
          If something goes wrong, please tell us first at {mail}; we reply within{" "}
          {POLICY.replyWithinHours} hours and do our best to put it right. If we cannot agree, you
          may refer the matter to the Consumer Goods and Services Ombud (
          <a href="https://www.cgso.org.za" target="_blank" rel="noopener noreferrer">
            cgso.org.za
          </a>
          ), whose industry code of conduct applies to us, or to the National Consumer Commission.
          These terms are governed by the law of the Republic of South Africa.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: (
        <p>
          We may update these terms; the date at the top shows when they last changed. The terms on
          this page when you placed your order apply to that order.
        </p>
      ),
    },
  ];

  return (
    <>
      <InfoHero title="Terms & Conditions">
        <LastUpdated date={POLICY_LAST_CHANGED.terms} />
      </InfoHero>
      <PageBody>
        <PolicySections sections={sections} />
        <ContactCallToAction title="Questions about these terms?" />
      </PageBody>
    </>
  );
}
