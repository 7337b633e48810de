import { pageMeta } from "~/lib/seo";
import { Link } from "react-router";
import { InfoHero } from "~/components/store/info-page";
import type { Route } from "./+types/sitemap";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Sitemap", "Every page of our shop in one place.");

const SITEMAP_GROUPS = [
  {
    title: "Shop",
    links: [
      { to: "/products", label: "All Products" },
      { to: "/beds", label: "Beds" },
      { to: "/mattresses", label: "Mattresses" },
      { to: "/bedding", label: "Bedding" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/", label: "Home" },
      { to: "/about", label: "About Us" },
      { to: "/contact", label: "Contact Us" },
    ],
  },
  {
    title: "Customer Service",
    links: [
      { to: "/delivery", label: "Delivery Information" },
      { to: "/returns", label: "Returns & Refunds" },
      { to: "/warranty", label: "Warranty" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms & Conditions" },
    ],
  },
] as const;

export default function SitemapPage() {
  return (
    <>
      <InfoHero title="Sitemap" intro="Find your way around our shop." />
      <nav aria-label="Sitemap" className="mx-auto max-w-5xl px-4 py-10 md:py-14">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SITEMAP_GROUPS.map((group) => (
            <section
              key={group.title}
              aria-labelledby={groupId(group.title)}
              className="rounded-xl border bg-card p-6"
            >
              <h2 id={groupId(group.title)} className="text-lg font-semibold">
                {group.title}
              </h2>
              <ul className="mt-4 space-y-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="block py-1.5 text-primary underline-offset-4 hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </nav>
    </>
  );
}

function groupId(title: string) {
  return `sitemap-${title.toLowerCase().replace(/\W+/g, "-")}`;
}
