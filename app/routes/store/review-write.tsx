import { data } from "react-router";
import { ReviewForm } from "~/components/store/reviews/review-form";
import { ReviewMessage, ReviewPage } from "~/components/store/reviews/review-page";
import { findReviewLink } from "~/domain/reviews/review-links.server";
import { FORGED_LINK_MESSAGE, USED_LINK_MESSAGE } from "~/domain/reviews/review-messages";
import { defaultDisplayName, photosOfForm, reviewSchema } from "~/domain/reviews/review-schemas";
import { openReviewLink, writeReviewByLink } from "~/domain/reviews/write-review.server";
import { attempt, CALL_US, readPublicForm, succeeded } from "~/lib/actions.server";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { textParam } from "~/lib/request-input.server";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/review-write";

/*
 * /reviews/write/:token: the invitation's link opens the form for its one product, without
 * signing in. A token we never sent is a 404 that says so; a used one says it was used (410).
 * The review just written is answered 200 with the thank-you: its page's loaders run after the
 * action and find the link used, and only an action's own status outranks theirs.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Write a review") },
  { name: "robots", content: "noindex" },
];

const THANK_YOU = succeeded(
  "Thank you for your review",
  "Your review is waiting for our check before it shows.",
);

export async function loader({ params }: Route.LoaderArgs) {
  const link = await findReviewLink(textParam(params.token));
  if (!link) return data({ state: "forged" as const }, { status: 404 });
  const product = {
    title: link.productTitle,
    slug: link.productSlug,
    size: link.size,
    image: link.image,
  };
  if (link.usedAt) return data({ state: "used" as const, product }, { status: 410 });
  return {
    state: "open" as const,
    product,
    defaultName: defaultDisplayName(link.firstName, link.town),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = textParam(params.token);
  // Before the form is read: a forged or used link's upload is thrown away unread.
  const closed = await attempt(new FormData(), () => openReviewLink(token).then(() => null));
  if (closed) return closed;
  const read = await readPublicForm({
    request,
    form: "review",
    schema: reviewSchema,
    clientAddress: context.clientAddress,
  });
  if (!read.ok) return read.answer;
  return attempt(
    read.formData,
    () =>
      writeReviewByLink({ token, input: read.input, photos: photosOfForm(read.formData) }).then(
        () => data(THANK_YOU, { status: 200 }),
      ),
    CALL_US,
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

export default function WriteReviewPage({ loaderData, actionData, params }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <ReviewPage
        title="Thank you"
        product={loaderData.state === "forged" ? undefined : loaderData.product}
      >
        <ReviewMessage icon="circle-check" heading={actionData.message.title} tone="done">
          <p>{actionData.message.description}</p>
          <p>We e-mail you only if we cannot publish it.</p>
        </ReviewMessage>
      </ReviewPage>
    );
  }
  if (loaderData.state === "forged") {
    return (
      <ReviewPage title="Review link not found">
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
  if (loaderData.state === "used") {
    return (
      <ReviewPage title="Review written" product={loaderData.product}>
        <ReviewMessage icon="circle-check" heading="This link was used">
          <p>{USED_LINK_MESSAGE}</p>
        </ReviewMessage>
      </ReviewPage>
    );
  }
  return (
    <ReviewPage title="Write a review" product={loaderData.product}>
      <ReviewForm
        action={`/reviews/write/${params.token}`}
        result={actionData}
        defaults={{ displayName: loaderData.defaultName }}
        submitLabel="Send my review"
      />
    </ReviewPage>
  );
}
