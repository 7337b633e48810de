import { Form, Link, useNavigation } from "react-router";
import { AccountOrders } from "~/components/store/account/account-orders";
import { AccountShell } from "~/components/store/account/account-shell";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { isEmailVerified, resendVerification } from "~/domain/shoppers/shopper-auth.server";
import { listAccountOrders } from "~/domain/shoppers/shopper-orders.server";
import { refused, succeeded } from "~/lib/actions.server";
import { readForm } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "My account") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  const [verified, orders] = await Promise.all([
    isEmailVerified(user.id),
    listAccountOrders(user.id),
  ]);
  return {
    name: user.name,
    email: user.email,
    verified,
    orders: orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}

/** intent=resend-verification: the verification e-mail again (limited per account). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireShopper(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "resend-verification") {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  if (await isEmailVerified(user.id)) {
    return succeeded("Already confirmed", "Your e-mail address is confirmed.");
  }
  const sent = await resendVerification({ email: user.email, baseURL: siteUrl() });
  if (!sent.ok) {
    const minutes = Math.max(1, Math.ceil(sent.retryAfterSeconds / 60));
    return refused(
      429,
      {
        title: "Too many attempts",
        description: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before asking again.`,
      },
      formData,
    );
  }
  return succeeded("Check your e-mail", `We sent a new confirmation link to ${user.email}.`);
}

export default function AccountHome({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { orders } = loaderData;
  return (
    <AccountShell title={`Hello, ${loaderData.name}`} email={loaderData.email}>
      <FormResult result={actionData} />
      {!loaderData.verified ? (
        <div className="mb-6 rounded-lg border bg-muted p-4">
          <h2 className="font-semibold">Please confirm your e-mail address</h2>
          <p className="mt-1 text-sm">
            We sent a link to {loaderData.email}. Orders you placed there as a guest join your
            account once the address is confirmed.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend-verification" />
            <Button type="submit" variant="outline" disabled={busy}>
              Send the link again
            </Button>
          </Form>
        </div>
      ) : null}
      <h2 className="text-xl font-semibold">My orders</h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-muted-foreground">
          No orders yet.{" "}
          <Link to="/products" className="text-primary underline">
            Browse our beds and mattresses
          </Link>
          .
        </p>
      ) : (
        <AccountOrders orders={orders} />
      )}
    </AccountShell>
  );
}
