import { redirect } from "react-router";
import { signOut } from "~/domain/auth/accounts.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/sign-out";

/** POST only: ends the shopper's session and goes back to the shop's home page. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return redirect("/");
  const headers = await signOut({
    request,
    baseURL: siteUrl(),
    user,
    clientAddress: context.clientAddress,
  });
  return redirect("/", { headers });
}

export function loader() {
  throw redirect("/account");
}
