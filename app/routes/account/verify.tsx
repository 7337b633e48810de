import { data, Link } from "react-router";
import { AccountCard } from "~/components/store/account/account-shell";
import { verifyShopperEmail } from "~/domain/shoppers/shopper-auth.server";
import { readSearchParams } from "~/lib/request-input.server";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Confirm your e-mail") },
  { name: "robots", content: "noindex" },
];

/** The link in the verification e-mail: confirms the address and joins its guest orders. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = readSearchParams(request).get("token") ?? "";
  if (!token || token.length > 2000) {
    return data({ ok: false as const, reason: "invalid" as const }, { status: 400 });
  }
  const result = await verifyShopperEmail({ token, baseURL: siteUrl() });
  return result.ok ? result : data(result, { status: result.reason === "expired" ? 410 : 400 });
}

export default function AccountVerify({ loaderData }: Route.ComponentProps) {
  if (loaderData.ok) {
    return (
      <AccountCard title="E-mail confirmed">
        <p role="status">
          Thank you: <strong>{loaderData.email}</strong> is confirmed.
          {loaderData.joinedOrders > 0
            ? ` ${loaderData.joinedOrders} earlier order${loaderData.joinedOrders === 1 ? "" : "s"} placed with it now show${loaderData.joinedOrders === 1 ? "s" : ""} in your account.`
            : ""}
        </p>
        <Link to="/account" className="font-medium text-primary underline">
          Go to my account
        </Link>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="This link does not work">
      <p role="alert">
        {loaderData.reason === "expired"
          ? "This confirmation link has expired. Sign in and ask for a new one from your account."
          : "This confirmation link is invalid."}
      </p>
      <Link to="/account" className="font-medium text-primary underline">
        Go to my account
      </Link>
    </AccountCard>
  );
}
