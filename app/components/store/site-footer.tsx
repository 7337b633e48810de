import { Icon } from "~/components/store/icon";
import type { IconName } from "~/components/store/icon-names";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import type { Theme } from "~/lib/theme";
import { NewsletterForm } from "./newsletter-form";
import { SOCIAL_NETWORKS } from "./social-icons";
import { fullAddress, telHref, useStoreSettings } from "./use-store-settings";

export const FOOTER_CATEGORIES = [
  { value: "mattresses", label: "Mattresses" },
  { value: "beds", label: "Bed Frames" },
  { value: "pillows", label: "Pillows" },
  { value: "bedding", label: "Bedding Sets" },
  { value: "furniture", label: "Bedroom Furniture" },
  { value: "accessories", label: "Accessories" },
] as const;

const SECTIONS = [
  {
    title: "Shop",
    links: FOOTER_CATEGORIES.map((c) => ({ to: `/products?category=${c.value}`, label: c.label })),
  },
  {
    title: "Customer Service",
    links: [
      { to: "/contact", label: "Contact Us" },
      { to: "/delivery", label: "Delivery Information" },
      { to: "/returns", label: "Returns & Refunds" },
      { to: "/warranty", label: "Warranty" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms & Conditions" },
      { to: "/sitemap", label: "Sitemap" },
      { to: "/admin-login", label: "Admin" },
    ],
  },
];

export function SiteFooter() {
  const s = useStoreSettings();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-2">
          <p className="text-xl font-bold text-white">{s.storeName}</p>
          <p className="max-w-sm text-sm leading-relaxed">
            Quality beds, mattresses and bedding for the whole family
            {s.claimYearsTrading ? ` for ${s.claimYearsTrading} years` : ""}. Visit our showroom in{" "}
            {s.town} or shop online, with free delivery in {s.town} and surrounds.
          </p>
          <ul className="space-y-2 text-sm">
            <li className="flex gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" /> {fullAddress(s)}
            </li>
            <li className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              <a href={telHref(s.phone)} className="hover:text-white">
                {s.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${s.email}`} className="hover:text-white">
                {s.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Icon name="clock" className="mt-0.5 size-4 shrink-0" />
              <span>
                {s.footerHours.label}:{" "}
                {s.footerHours.lines.map((l) => `${l.days} ${l.hours}`).join(", ")}
              </span>
            </li>
          </ul>
        </div>
        {SECTIONS.map((section) => (
          <details
            key={section.title}
            className="footer-section group border-b border-slate-700 pb-3 md:border-0"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between py-2 font-semibold text-white md:cursor-default [&::-webkit-details-marker]:hidden">
              {section.title}
              <Icon
                name="chevron-down"
                className="size-4 transition-transform group-open:rotate-180 md:hidden"
              />
            </summary>
            <ul className="mt-2 space-y-2 text-sm">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-2">
          <div>
            <p className="font-semibold text-white">Subscribe to our newsletter</p>
            <p className="mt-1 text-sm">Specials and new arrivals, about once a month.</p>
            <NewsletterForm />
          </div>
          <div className="flex flex-col gap-4 md:items-end">
            <p className="font-semibold text-white">Follow us</p>
            <ul className="flex gap-3">
              {SOCIAL_NETWORKS.map(({ key, label, icon }) =>
                s.socialLinks[key] ? (
                  <li key={key}>
                    <a
                      href={s.socialLinks[key]}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={label}
                      className="grid size-10 place-items-center rounded-full bg-slate-800 hover:bg-slate-700 hover:text-white"
                    >
                      <Icon name={icon} className="size-5" />
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
            <ThemeSwitch />
          </div>
        </div>
      </div>
      <div className="border-t border-slate-800 text-xs">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 md:flex-row md:justify-between">
          <p>© 2024 {s.storeName}. All rights reserved.</p>
          <p>
            {s.legalName}, registration number {s.registrationNumber}
            {s.vatNumber ? `, VAT number ${s.vatNumber}` : ""}. {fullAddress(s)}.
          </p>
        </div>
      </div>
    </footer>
  );
}

const THEME_OPTIONS: { value: Theme; label: string; icon: IconName }[] = [
  { value: "light", label: "Light", icon: "sun" },
  { value: "dark", label: "Dark", icon: "moon" },
  { value: "system", label: "System", icon: "monitor" },
];

function ThemeSwitch() {
  const root = useRouteLoaderData<{ theme: Theme }>("root");
  const location = useLocation();
  const current = root?.theme ?? "system";
  return (
    <Form method="post" action="/theme" className="flex items-center gap-1" aria-label="Theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {THEME_OPTIONS.map(({ value, label, icon }) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          aria-pressed={current === value}
          className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs hover:bg-slate-800 aria-pressed:bg-slate-700 aria-pressed:text-white"
        >
          <Icon name={icon} className="size-3.5" /> {label}
        </button>
      ))}
    </Form>
  );
}
