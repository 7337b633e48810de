import { data } from "react-router";
import { FormResult } from "~/components/store/form-result";
import { newsletterSchema } from "~/domain/leads/schemas";
import { subscribeToNewsletter } from "~/domain/leads/newsletter.server";
import { guardPublicForm, invalidForm } from "~/domain/security/public-form.server";
import { parseForm, submittedValues, type FormActionResult } from "~/lib/forms";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import { NewsletterPanel } from "~/components/store/newsletter-panel";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Newsletter") },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const blocked = await guardPublicForm({
    form: "newsletter",
    formData,
    clientAddress: context.clientAddress,
  });
  if (blocked) return blocked;
  const parsed = parseForm(newsletterSchema, formData);
  if (!parsed.ok) return invalidForm(parsed, formData);
  try {
    await subscribeToNewsletter({ email: parsed.data.email, siteUrl: siteUrl() });
  } catch (error) {
    console.error(`Newsletter confirmation not sent: ${(error as Error).message}`);
    const body: FormActionResult = {
      ok: false,
      alert: {
        title: "Subscription failed",
        description: "We could not send the confirmation e-mail. Please try again later.",
      },
      fieldErrors: {},
      values: submittedValues(formData),
    };
    return data(body, { status: 503 });
  }
  return {
    ok: true,
    message: {
      title: "Check your inbox",
      description: `We sent a confirmation link to ${parsed.data.email}. Click it to start your subscription.`,
    },
  } satisfies FormActionResult;
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
