import { FormResult } from "~/components/store/form-result";
import { newsletterSchema } from "~/domain/leads/schemas";
import { subscribeToNewsletter } from "~/domain/leads/newsletter.server";
import { attempt, readPublicForm, succeeded } from "~/lib/actions.server";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import { NewsletterPanel } from "~/components/store/newsletter-panel";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Newsletter") },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readPublicForm({
    request,
    form: "newsletter",
    schema: newsletterSchema,
    clientAddress: context.clientAddress,
  });
  if (!read.ok) return read.answer;
  const { email } = read.input;
  return attempt(
    read.formData,
    async () => {
      await subscribeToNewsletter({ email, siteUrl: siteUrl() });
      return succeeded(
        "Check your inbox",
        `We sent a confirmation link to ${email}. Click it to start your subscription.`,
      );
    },
    {
      // Sending the confirmation is what fails here: the mail server, not the shop.
      status: 503,
      alert: {
        title: "Subscription failed",
        description: "We could not send the confirmation e-mail. Please try again later.",
      },
    },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <NewsletterPanel title="Our newsletter">
      <FormResult result={actionData} />
      <p className="text-muted-foreground">
        Specials and new arrivals, about once a month. We'll e-mail you a link to confirm your
        subscription, and every newsletter carries a link to unsubscribe.
      </p>
    </NewsletterPanel>
  );
}
