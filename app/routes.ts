import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("consultation", "routes/store/consultation.tsx"),
    route("newsletter", "routes/store/newsletter.tsx"),
    route("newsletter/confirm", "routes/store/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/store/newsletter-unsubscribe.tsx"),
    route("privacy", "routes/store/privacy.tsx"),
    route("terms", "routes/store/terms.tsx"),
    route("delivery", "routes/store/delivery.tsx"),
    route("returns", "routes/store/returns.tsx"),
    route("warranty", "routes/store/warranty.tsx"),
    route("sitemap", "routes/store/sitemap.tsx"),
    route("faq", "routes/store/faq.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("theme", "routes/api/theme.ts"),
] satisfies RouteConfig;
