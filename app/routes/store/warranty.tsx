import { pageMeta } from "~/lib/seo";
import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { ContactCallToAction, InfoHero, InfoSection, PageBody } from "~/components/store/info-page";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { POLICY, WARRANTY_PERIODS } from "~/domain/legal/policy-facts";
import type { Route } from "./+types/warranty";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Warranty",
    "Warranty periods for mattresses, bed frames and bedding, extended warranty plans, registration and how to claim.",
  );

export default function WarrantyPage() {
  const s = useStoreSettings();
  return (
    <>
      <InfoHero
        title="Warranty"
        intro="Every bed, mattress and bedding item we sell carries the manufacturer's warranty, and we handle your claim for you."
      />
      <PageBody>
        <section aria-labelledby="periods-title">
          <h2 id="periods-title" className="text-2xl font-bold tracking-tight">
            Warranty periods
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {WARRANTY_PERIODS.map((w) => (
              <li key={w.product} className="rounded-xl border bg-card p-5">
                <Icon name="shield-check" className="size-7 text-primary" />
                <h3 className="mt-2 font-semibold">{w.product}</h3>
                <p className="text-2xl font-bold text-primary">{w.years}</p>
                <p className="text-sm text-muted-foreground">{w.detail}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted-foreground">
            The exact period for each product is on its label and your invoice.
          </p>
        </section>

        <InfoSection id="extended" title="Extended warranty plans">
          <p>
            For extra peace of mind, an extended warranty plan adds {POLICY.extendedWarrantyYears}{" "}
            years to the manufacturer's warranty. Ask us about the plans available for your product
            when you buy, in the showroom or by phone.
          </p>
        </InfoSection>

        <InfoSection id="register" title="Register your warranty">
          <p>
            Register your purchase within {POLICY.warrantyRegistrationDays} days of delivery to
            activate the full manufacturer's warranty. E-mail your order or invoice number, the
            product and the delivery date to <a href={`mailto:${s.email}`}>{s.email}</a>, or
            register with us in the showroom. Keep your invoice: it is your proof of purchase.
          </p>
        </InfoSection>

        <InfoSection id="covered" title="What is covered">
          <p>The warranty covers faults in materials and workmanship, such as:</p>
          <ul>
            <li>springs that break or poke through, and sagging beyond the manufacturer's limit</li>
            <li>seams, stitching and handles that come apart in normal use</li>
            <li>frames, legs, slats and joints that crack or break in normal use</li>
            <li>bedding that loses its filling or comes apart at the seams</li>
          </ul>
          <p>It does not cover:</p>
          <ul>
            <li>
              the normal softening of a mattress as it settles, or a change in comfort preference
            </li>
            <li>stains, soiling, burns, tears and damage from misuse or moving</li>
            <li>a mattress used on an unsuitable or broken base</li>
            <li>fair wear and tear</li>
          </ul>
          <p>
            Please keep the law label on your mattress: manufacturers need it to accept a claim.
          </p>
        </InfoSection>

        <InfoSection id="claim" title="How to claim">
          <ol>
            <li>Contact us with your invoice number, a short description and a few photos.</li>
            <li>We arrange an inspection in the showroom or at your home.</li>
            <li>
              If the fault is covered, the item is repaired or replaced. We deal with the
              manufacturer for you.
            </li>
          </ol>
        </InfoSection>

        <InfoSection id="cpa" title="Your rights under the Consumer Protection Act">
          <p>
            Our warranty comes on top of your rights under the law, not instead of them. Under the
            Consumer Protection Act, goods that turn out to be defective within{" "}
            {POLICY.cpaWarrantyMonths} months of delivery may be returned for a repair, a
            replacement or a refund, whether or not you registered your warranty. See{" "}
            <Link to="/returns">Returns &amp; Refunds</Link>.
          </p>
        </InfoSection>

        <ContactCallToAction title="Need to make a warranty claim?" />
      </PageBody>
    </>
  );
}
