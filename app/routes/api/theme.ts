import { data, redirect } from "react-router";
import { readForm } from "~/lib/request-input.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { parseTheme, themeCookie, THEMES } from "~/lib/theme";
import type { Route } from "./+types/theme";

/**
 * Saves the visitor's theme in a cookie for a year and goes back to the page it was chosen on;
 * works as a plain form post too. Only the shop's own pages may post here: the server refuses
 * a post from another site before it reaches any route (server/canonical-address.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const value = form.get("theme");
  if (!THEMES.includes(value as never)) {
    return data({ error: "Choose light, dark or system." }, { status: 400 });
  }
  const theme = parseTheme(value);
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    headers: { "Set-Cookie": themeCookie(theme) },
  });
}

export function loader() {
  return redirect("/");
}
