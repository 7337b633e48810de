import { data, redirect } from "react-router";
import { parseTheme, THEME_COOKIE, THEMES } from "~/lib/theme";
import type { Route } from "./+types/theme";

/** Saves the visitor's theme in a cookie for a year; works as a plain form post too. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const value = form.get("theme");
  if (!THEMES.includes(value as never)) {
    return data({ error: "Choose light, dark or system." }, { status: 400 });
  }
  const theme = parseTheme(value);
  const cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  const back = safeRedirectTarget(form.get("redirectTo"));
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}

function safeRedirectTarget(value: FormDataEntryValue | null) {
  const target = typeof value === "string" ? value : "/";
  return target.startsWith("/") && !target.startsWith("//") ? target : "/";
}
