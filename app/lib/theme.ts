import { useEffect } from "react";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_COOKIE = "theme";

export function parseTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : "system";
}

export function readThemeCookie(cookieHeader: string | null): Theme {
  const match = cookieHeader?.match(/(?:^|;\s*)theme=([a-z]+)/);
  return parseTheme(match?.[1]);
}

/** The Set-Cookie value that keeps a theme on this browser for a year. */
export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Runs before the first paint, so a "system" visitor who prefers dark never sees a flash. */
export const themeBootScript = `(() => {
  const d = document.documentElement;
  if (d.dataset.theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches) d.classList.add("dark");
})();`;

/** Keeps the page dark or light with the device's preference while the theme is "system". */
export function useSystemTheme(theme: Theme) {
  useEffect(() => {
    if (theme !== "system") return;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => document.documentElement.classList.toggle("dark", query.matches);
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, [theme]);
}
