import { data } from "react-router";
import { ReviewForm } from "~/components/store/reviews/review-form";
import { ReviewMessage, ReviewPage } from "~/components/store/reviews/review-page";
import { DomainError } from "~/domain/errors";
import { photosOfForm, reviewSchema } from "~/domain/reviews/review-schemas";
import { REVIEW_STATUS_LABELS } from "~/domain/reviews/review-status";
import { saveShopperReview, shopperReviewContext } from "~/domain/reviews/shopper-review.server";
import { attempt, CALL_US, loaded, readPublicForm, succeeded } from "~/lib/actions.server";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { textParam } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/product-review";

/*
 * /products/:slug/review: a signed-in shopper reviews a product they bought (a verified
 * buyer's review), or any product when the settings allow reviews from non-buyers; their own
 * review is changed here too, and goes back to be checked.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Review a product") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const slug = textParam(params.slug);
  try {
    const context = await shopperReviewContext({ shopper, slug });
    return { state: "open" as const, ...context };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "forbidden") {
      return data({ state: "refused" as const, message: error.message }, { status: 403 });
    }
    return loaded(() => Promise.reject(error));
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const slug = textParam(params.slug);
  const read = await readPublicForm({
    request,
    form: "product-review",
    schema: reviewSchema,
    clientAddress: context.clientAddress,
  });
  if (!read.ok) return read.answer;
  return attempt(
    read.formData,
    async () => {
      const saved = await saveShopperReview({
        shopper,
        slug,
        input: read.input,
        photos: photosOfForm(read.formData),
      });
      return succeeded(
        saved.edited ? "Your review is changed" : "Thank you for your review",
        "Your review is waiting for our check before it shows.",
      );
    },
    CALL_US,
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

export default function ProductReviewPage({
  loaderData,
  actionData,
  params,
}: Route.ComponentProps) {
  if (loaderData.state === "refused") {
    return (
      <ReviewPage title="Write a review">
        <ReviewMessage icon="lock" heading="You cannot review this product" tone="refused">
          <p>{loaderData.message}</p>
        </ReviewMessage>
      </ReviewPage>
    );
  }
  const { product, own, line, defaultName } = loaderData;
  if (actionData?.ok) {
    return (
      <ReviewPage title="Thank you" product={product}>
        <ReviewMessage icon="circle-check" heading={actionData.message.title} tone="done">
          <p>{actionData.message.description}</p>
        </ReviewMessage>
      </ReviewPage>
    );
  }
  return (
    <ReviewPage title={own ? "Change your review" : "Write a review"} product={product}>
      {own ? (
        <p className="mb-5 text-sm text-muted-foreground">
          Your review is {REVIEW_STATUS_LABELS[own.status].toLowerCase()}. A change goes back to be
          checked before it shows
          {own.status === "published" ? ", and leaves the page until then" : ""}.
        </p>
      ) : (
        <p className="mb-5 text-sm text-muted-foreground">
          {line
            ? "You bought this: your review shows as a verified buyer's."
            : "You did not buy this from us: your review shows without the verified buyer mark."}
        </p>
      )}
      <ReviewForm
        action={`/products/${params.slug}/review`}
        result={actionData}
        defaults={
          own
            ? {
                rating: String(own.rating),
                title: own.title,
                body: own.body,
                displayName: own.displayName,
              }
            : { displayName: defaultName }
        }
        photosNote={
          own && own.photos > 0
            ? `Your review has ${own.photos} photo${own.photos === 1 ? "" : "s"}: new photos replace them.`
            : undefined
        }
        submitLabel={own ? "Save my review" : "Send my review"}
      />
    </ReviewPage>
  );
}
