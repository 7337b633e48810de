import { data, Form } from "react-router";
import { NewsletterPanel } from "~/components/store/newsletter-panel";
import { Button } from "~/components/ui/button";
import {
  findSubscriberByUnsubscribeToken,
  unsubscribeFromNewsletter,
} from "~/domain/leads/newsletter.server";
import { tokenSchema } from "~/domain/leads/schemas";
import { pageTitle } from "~/lib/seo";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Unsubscribe") },
  { name: "robots", content: "noindex" },
];

function readToken(request: Request) {
  return tokenSchema.safeParse(readSearchParams(request).get("token") ?? "");
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = readToken(request);
  const subscriber = token.success ? await findSubscriberByUnsubscribeToken(token.data) : undefined;
  if (!subscriber) return data({ found: false as const }, { status: 404 });
  return { found: true as const, email: subscriber.email, status: subscriber.status };
}

/** The page's button, and mail programs' one-click unsubscribe (RFC 8058), post here. */
export async function action({ request }: Route.ActionArgs) {
  const token = readToken(request);
  const result = token.success ? await unsubscribeFromNewsletter({ token: token.data }) : undefined;
  if (!result?.ok) return data({ done: false as const }, { status: 404 });
  return { done: true as const, email: result.email };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done || (loaderData.found && loaderData.status === "unsubscribed")) {
    const email = actionData?.done ? actionData.email : loaderData.found ? loaderData.email : "";
    return (
      <NewsletterPanel title="You have been unsubscribed">
        <p role="status">
          <strong>{email}</strong> will not receive our newsletter any more.
        </p>
      </NewsletterPanel>
    );
  }
  if (!loaderData.found || actionData) {
    return (
      <NewsletterPanel title="This link does not work">
        <p role="alert">This unsubscribe link is invalid.</p>
      </NewsletterPanel>
    );
  }
  return (
    <NewsletterPanel title="Unsubscribe from our newsletter">
      <p>
        Stop sending the newsletter to <strong>{loaderData.email}</strong>?
      </p>
      <Form method="post">
        <Button type="submit">Unsubscribe</Button>
      </Form>
    </NewsletterPanel>
  );
}
