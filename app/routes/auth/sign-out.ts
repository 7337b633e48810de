import { data, redirect } from "react-router";
import { signOut } from "~/domain/auth/accounts.server";
import { getSessionUser } from "~/domain/auth/session.server";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/sign-out";
import { log } from "~/lib/log.server";

/** POST only: ends the session and goes to the staff sign-in page ("Sign Out Failed" when it cannot). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = await getSessionUser(request);
    if (!user) return redirect("/admin-login");
    const headers = await signOut({
      request,
      baseURL: siteUrl(),
      user,
      clientAddress: context.clientAddress,
    });
    return redirect("/admin-login", { headers });
  } catch (error) {
    log.error({ err: error }, "Sign-out failed");
    return data(
      {
        ok: false as const,
        alert: { title: "Sign Out Failed", description: "Please try again." },
        fieldErrors: {},
        values: {},
      },
      { status: 500 },
    );
  }
}

export function loader() {
  throw redirect("/admin-login");
}
