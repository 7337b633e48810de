import { CheckCircle2, Clock, Sparkles, XCircle } from "lucide-react";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { reviewColumns } from "~/components/admin/reviews/review-columns";
import { useReviewToasts } from "~/components/admin/reviews/review-fetcher";
import { StatCard } from "~/components/admin/stat-card";
import { listReviews, summarizeReviews } from "~/domain/reviews/list-reviews.server";
import {
  publishReview,
  rejectReview,
  replyToReview,
  setReviewFeatured,
} from "~/domain/reviews/moderate-review.server";
import { REVIEW_LIST, REVIEW_RATINGS } from "~/domain/reviews/review-list";
import { rejectReviewSchema, replyReviewSchema } from "~/domain/reviews/review-schemas";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseDbId } from "~/lib/db-ids";
import { parseForm } from "~/lib/forms";
import { readListParams, statusChoices } from "~/lib/list-params";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const params = readListParams(REVIEW_LIST, readSearchParams(request));
  const [page, summary] = await Promise.all([listReviews({ params }), summarizeReviews()]);
  // Staff moderate; only the owner chooses what the home page features.
  return { params, ...page, summary, canFeature: user.role === "owner" };
}

const INTENTS = new Set(["publish", "reject", "reply", "feature", "unfeature"]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const id = parseDbId(formData.get("id"));
  if (!INTENTS.has(intent) || id === null) {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  if (intent === "publish") {
    return attempt(formData, async () => {
      await publishReview({ id, actor });
      return succeeded(
        "Review Published",
        "It shows on the product's page and counts in its rating.",
      );
    });
  }
  if (intent === "reject") {
    const parsed = parseForm(rejectReviewSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      await rejectReview({ id, reason: parsed.data.reason, actor });
      return succeeded("Review Rejected", "Its writer is e-mailed the reason.");
    });
  }
  if (intent === "reply") {
    const parsed = parseForm(replyReviewSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      await replyToReview({ id, reply: parsed.data.reply, actor });
      return parsed.data.reply
        ? succeeded("Reply Saved", "It shows under the review once the review is published.")
        : succeeded("Reply Removed", "The review shows without a reply.");
    });
  }
  const featured = intent === "feature";
  return attempt(formData, async () => {
    await setReviewFeatured({ id, featured, actor });
    return featured
      ? succeeded("Review Featured", "The home page's customer stories show it.")
      : succeeded("Review No Longer Featured", "The home page's customer stories leave it out.");
  });
}

export default function ReviewsPage({ loaderData: d }: Route.ComponentProps) {
  useReviewToasts();
  const { summary, params } = d;
  const filtered = params.q || params.status !== "all" || params.filters?.rating;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Reviews</h1>
        <p className="text-muted-foreground">
          What shoppers wrote about the products. Nothing shows on the shop until it is published; a
          rejected review&apos;s writer is e-mailed the reason.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          index={0}
          title="Pending"
          value={summary.pending}
          note="Waiting for you"
          icon={Clock}
        />
        <StatCard index={1} title="Published" value={summary.published} icon={CheckCircle2} />
        <StatCard index={2} title="Rejected" value={summary.rejected} icon={XCircle} />
        <StatCard
          index={3}
          title="Featured"
          value={summary.featured}
          note="On the home page"
          icon={Sparkles}
        />
      </div>
      <ListCard
        title="Reviews"
        noun="reviews"
        spec={REVIEW_LIST}
        params={params}
        page={d}
        columns={reviewColumns({ canFeature: d.canFeature })}
        rowKey={(r) => r.id}
        rowTestId="review-row"
        toolbar={{
          searchLabel: "Search reviews by product",
          placeholder: "Search by product title...",
          statusOptions: statusChoices(REVIEW_LIST.statuses),
          exportTo: "/admin/reviews/export",
          filters: [
            {
              name: "rating",
              label: "Rating",
              allLabel: "All ratings",
              options: REVIEW_RATINGS.map((n) => ({
                value: String(n),
                label: `${n} ${n === 1 ? "star" : "stars"}`,
              })),
            },
          ],
        }}
        empty={
          <ListEmpty
            title="No reviews found"
            description={
              filtered
                ? "No review matches this search or filter."
                : "No shopper has written a review yet: each one waits here until you publish it."
            }
          />
        }
      />
    </div>
  );
}
