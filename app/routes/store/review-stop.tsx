import { data, Form, useNavigation } from "react-router";
import { FormResult } from "~/components/store/form-result";
import { Honeypot } from "~/components/store/honeypot";
import { ReviewMessage, ReviewPage } from "~/components/store/reviews/review-page";
import { Button } from "~/components/ui/button";
import { DomainError } from "~/domain/errors";
import { optOutOfReviewInvitations, optOutState } from "~/domain/reviews/review-links.server";
import { FORGED_LINK_MESSAGE } from "~/domain/reviews/review-messages";
import { attempt, CALL_US, guardPublicForm, succeeded } from "~/lib/actions.server";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { readForm, textParam } from "~/lib/request-input.server";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/review-stop";

/*
 * /reviews/stop/:token: the invitation's "never ask me again" (POPIA s69). Opening the link
 * changes nothing (mail scanners open links); the button does.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Stop review invitations") },
  { name: "robots", content: "noindex" },
];

const STOPPED = succeeded(
  "You will not be asked again",
  "We will send no more e-mails asking you to review what you bought.",
);

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return { state: "found" as const, ...(await optOutState(textParam(params.token))) };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") {
      return data({ state: "forged" as const, optedOut: false }, { status: 404 });
    }
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = textParam(params.token);
  const formData = await readForm(request);
  const blocked = await guardPublicForm({
    form: "review-stop",
    formData,
    clientAddress: context.clientAddress,
  });
  if (blocked) return blocked;
  return attempt(formData, () => optOutOfReviewInvitations(token).then(() => STOPPED), CALL_US);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

export default function StopReviewInvitationsPage({
  loaderData,
  actionData,
  params,
}: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (loaderData.state === "forged") {
    return (
      <ReviewPage title="Link not found">
        <ReviewMessage
          icon="circle-exclamation-point"
          heading="We do not know this link"
          tone="refused"
        >
          <p>{FORGED_LINK_MESSAGE}</p>
        </ReviewMessage>
      </ReviewPage>
    );
  }
  if (actionData?.ok || loaderData.optedOut) {
    return (
      <ReviewPage title="Review invitations stopped">
        <ReviewMessage icon="circle-check" heading="You will not be asked again" tone="done">
          <p>We will send no more e-mails asking you to review what you bought.</p>
          <p>Your orders, and any review you wrote, are not affected.</p>
        </ReviewMessage>
      </ReviewPage>
    );
  }
  return (
    <ReviewPage title="Stop review invitations">
      <Form method="post" action={`/reviews/stop/${params.token}`} className="relative space-y-4">
        <FormResult result={actionData} />
        <p>
          After an order is delivered, we e-mail its buyer once to ask for a review. Would you
          rather not be asked again, for any order?
        </p>
        <Honeypot />
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Saving..." : "Stop review invitations"}
        </Button>
      </Form>
    </ReviewPage>
  );
}
