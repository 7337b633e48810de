import { pageMeta } from "~/lib/seo";
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
import type { Route } from "./+types/privacy";

// When you change this text, change POLICY_LAST_CHANGED.privacy in the same edit.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Privacy Policy",
    "How we collect, use, keep and protect your personal information under the Protection of Personal Information Act (POPIA), and your rights.",
  );

export default function PrivacyPage() {
  const s = useStoreSettings();
  const mail = <a href={`mailto:${s.email}`}>{s.email}</a>;

  const sections: PolicySection[] = [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {s.storeName} is the trading name of {s.legalName} (registration number{" "}
            {s.registrationNumber}), {fullAddress(s)}. We are the responsible party for the personal
            information you give us through this website, in our showroom, by phone, e-mail or
            WhatsApp.
          </p>
          <p>
            We process personal information in line with the Protection of Personal Information Act,
            2013 (POPIA). This policy explains what we collect, why, how long we keep it and what
            your rights are.
          </p>
        </>
      ),
    },
    {
      id: "information-officer",
      title: "Our Information Officer",
      body: (
        <p>
          Our Information Officer is responsible for how we handle personal information. For any
          question or request about your information, contact the Information Officer at {mail}, on{" "}
          <a href={telHref(s.phone)}>{s.phone}</a>, or in writing at {fullAddress(s)}.
        </p>
      ),
    },
    {
      id: "what-we-collect",
      title: "What we collect and why",
      body: (
        <>
          <h3>When you place an order</h3>
          <p>
            Your name, e-mail address, phone number and delivery address, what you bought, how you
            chose to pay and whether the payment went through. We use this to process, deliver and
            invoice your order, to contact you about it, and to handle returns and warranty claims.
            We need it to carry out our agreement with you; without it we cannot deliver.
          </p>
          <p>
            You pay on the secure page of our payment provider (PayFast for card and instant EFT,
            PayFlex for instalments). Your card and bank details go straight to them: we never see
            or store them. We receive only a payment reference and whether the payment succeeded.
          </p>
          <h3>When you send us an enquiry</h3>
          <p>
            When you use our contact form, book a consultation, or call, e-mail or WhatsApp us, we
            keep your name, contact details and message so that we can answer you and follow up on
            your request.
          </p>
          <h3>When you subscribe to our newsletter</h3>
          <p>
            Your e-mail address, and only with your consent. After you sign up we send you an e-mail
            with a confirmation link; you are subscribed only once you click it (double opt-in), and
            we record when you confirmed. Every newsletter e-mail contains an unsubscribe link that
            stops further newsletters with one click. We never send marketing by SMS or WhatsApp
            without asking you first.
          </p>
          <h3>When you create an account</h3>
          <p>
            An account is optional: you can always order as a guest. If you create one, we keep your
            name, e-mail address, a scrambled (hashed) form of your password that nobody can read
            back, and any delivery addresses you save. We send you an e-mail with a link to confirm
            your address; once it is confirmed, earlier orders placed with that address show in your
            account, and so do later ones. While you are signed in, a cookie keeps you signed in,
            and we record the IP address and browser of each sign-in to protect your account.
          </p>
          <h3>When you visit our website</h3>
          <p>
            Our server records technical details of each visit, such as your IP address, the pages
            requested and your browser type. We use them to keep the site secure and working, and to
            stop abuse such as automated form submissions. Your shopping cart is kept in your own
            browser until you check out. We use one cookie to remember whether you prefer the light
            or dark theme. We do not use advertising or tracking cookies.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      body: (
        <>
          <p>We share personal information only where needed, and never sell it. We share with:</p>
          <ul>
            <li>payment providers (PayFast and PayFlex), to take your payment;</li>
            <li>our delivery team and, for deliveries further away, a courier partner;</li>
            <li>manufacturers and suppliers, when they need to handle a warranty claim;</li>
            <li>our e-mail and website hosting providers, who store information on our behalf;</li>
            <li>authorities such as SARS, when the law requires it.</li>
          </ul>
          <p>
            Everyone who processes information for us must keep it confidential and secure, and may
            use it only for the work we ask them to do. Some of these providers may store
            information outside South Africa; we use them only where the country or the provider
            gives a level of protection similar to POPIA, as section 72 of POPIA requires.
          </p>
        </>
      ),
    },
    {
      id: "how-long",
      title: "How long we keep it",
      body: (
        <ul>
          <li>
            <strong>Orders, invoices and payment records:</strong> seven years after the order,
            because tax and company law require us to keep accounting records.
          </li>
          <li>
            <strong>Enquiries and consultation requests:</strong> up to two years after our last
            contact with you, unless they lead to an order.
          </li>
          <li>
            <strong>Newsletter:</strong> while you are subscribed. Sign-ups that are never confirmed
            are deleted after 30 days. When you unsubscribe we keep only your e-mail address and the
            dates you subscribed and unsubscribed, so that we never e-mail you marketing again.
          </li>
          <li>
            <strong>Server logs and abuse-prevention records:</strong> no longer than 90 days.
          </li>
        </ul>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      body: (
        <p>
          Our website uses an encrypted connection (HTTPS). Only staff who need your information for
          their work can see it, each with their own password-protected account, and staff passwords
          are stored in a form that cannot be read back. If we ever suspect that your information
          has been accessed without authority, we will tell you and the Information Regulator as
          POPIA requires.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Under POPIA you have the right to:</p>
          <ul>
            <li>ask whether we hold personal information about you, and for a copy of it;</li>
            <li>
              ask us to correct information that is wrong, or to delete information we no longer may
              keep;
            </li>
            <li>object to us processing your information, for example for direct marketing;</li>
            <li>
              withdraw your consent at any time, for example by unsubscribing from our newsletter;
            </li>
            <li>lodge a complaint with the Information Regulator.</li>
          </ul>
          <p>
            To use these rights, contact our Information Officer at {mail}. We may ask you to prove
            who you are before we act, so that nobody else gets your information. We reply within 30
            days.
          </p>
          <p>
            We find everything we hold under your e-mail address and send it to you as one file.
            When you ask us to delete it, your account, enquiries and newsletter subscription are
            deleted. Orders and invoices are accounting records we must keep, so they stay with your
            name, contact details and address removed; only a full tax invoice (over R5,000) keeps
            the buyer&apos;s name and address, which the VAT Act requires it to show. While an order
            is still on its way to you we finish it first, because we need your address to deliver,
            and while we still owe you a refund we pay it first, because we need your details to pay
            it back. Your name also leaves your orders&apos; history; refunds and credit notes stay,
            as they are accounting records too.
          </p>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      body: (
        <p>
          Our shop is meant for adults. We do not knowingly collect personal information from anyone
          under 18. If you believe a child has given us their details, contact us and we will delete
          them.
        </p>
      ),
    },
    {
      id: "complaints",
      title: "Complaints",
      body: (
        <>
          <p>
            If you are unhappy with how we handled your information, please tell our Information
            Officer first so that we can put it right. You may also complain to the Information
            Regulator:
          </p>
          <ul>
            <li>
              Website:{" "}
              <a href="https://inforegulator.org.za" target="_blank" rel="noopener noreferrer">
                inforegulator.org.za
              </a>
            </li>
            <li>
              Complaints e-mail:{" "}
              <a href="mailto:POPIAComplaints@inforegulator.org.za">
                POPIAComplaints@inforegulator.org.za
              </a>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          When we change this policy, we publish the new version on this page and change the date at
          the top. Our <Link to="/terms">Terms &amp; Conditions</Link> explain the rest of our
          agreement with you.
        </p>
      ),
    },
  ];

  return (
    <>
      <InfoHero title="Privacy Policy">
        <LastUpdated date={POLICY_LAST_CHANGED.privacy} />
      </InfoHero>
      <PageBody>
        <PolicySections sections={sections} />
        <ContactCallToAction
          title="Questions about your information?"
          text={`Contact our Information Officer at ${s.email} or ${s.phone}.`}
        />
      </PageBody>
    </>
  );
}
