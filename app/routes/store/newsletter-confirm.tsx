import { data } from "react-router";
import { NewsletterPanel } from "~/components/store/newsletter-panel";
import { confirmNewsletterSubscription } from "~/domain/leads/newsletter.server";
import { tokenSchema } from "~/domain/leads/schemas";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Confirm your subscription") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  if (!token.success)
    return data({ ok: false as const, reason: "invalid" as const }, { status: 400 });
  const result = await confirmNewsletterSubscription({
    token: token.data,
    siteUrl: siteUrl(),
  });
  return result.ok ? result : data(result, { status: result.reason === "expired" ? 410 : 400 });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  if (loaderData.ok) {
    return (
      <NewsletterPanel title="Subscription confirmed">
        <p role="status">
          Thank you! <strong>{loaderData.email}</strong> is now subscribed to our newsletter. You
          can unsubscribe at any time with the link in every newsletter.
        </p>
      </NewsletterPanel>
    );
  }
  return (
    <NewsletterPanel title="This link does not work">
      <p role="alert">
        {loaderData.reason === "expired"
          ? "This confirmation link has expired. Please subscribe again to get a new one."
          : "This confirmation link is invalid or has already been used."}
      </p>
    </NewsletterPanel>
  );
}
