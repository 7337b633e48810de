import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { siteUrl } from "./lib/site-url.server";
import { mediaBaseUrl } from "./lib/configured-media-store.server";
import { setMediaBase } from "./lib/media";
import { readThemeCookie, themeBootScript, useSystemTheme, type Theme } from "./lib/theme";
import { revalidateUnlessRefused } from "./lib/connection-safe-action";
import { deferredBootScript } from "./lib/deferred-scripts";
import { routeErrorText } from "./lib/route-error";
import { useNonce } from "./lib/nonce";
import { ErrorReference } from "./lib/request-id";

export async function loader({ request }: Route.LoaderArgs) {
  return {
    theme: readThemeCookie(request.headers.get("cookie")),
    // Pages' canonical and Open Graph URLs must be absolute (see ~/lib/seo).
    origin: siteUrl(),
    // Where image URLs point: /media, or the CDN of MEDIA_PUBLIC_URL (see ~/lib/media).
    mediaBase: mediaBaseUrl(),
  };
}

export const shouldRevalidate = revalidateUnlessRefused;

/** The admin layout's loader data, as far as the theme needs it. */
type StaffAppearance = { appearance?: { theme: Theme } } | undefined;

/**
 * The page's theme: in the back office, the signed-in staff member's stored choice (the admin
 * layout reads it with their session); elsewhere, this browser's cookie. Both are known before
 * the first render, so the server writes the right class and nothing flashes.
 */
function usePageTheme(): Theme {
  const data = useRouteLoaderData<typeof loader>("root");
  const staff = useRouteLoaderData("routes/admin/layout") as StaffAppearance;
  return staff?.appearance?.theme ?? data?.theme ?? "system";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = usePageTheme();
  // Before anything below renders an image's URL, on the server and in the browser alike.
  setMediaBase(data?.mediaBase);
  const nonce = useNonce();
  return (
    <html
      lang="en-ZA"
      data-theme={theme}
      className={theme === "dark" ? "dark" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The browser hides a nonce from the page, so the client renders it empty. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: themeBootScript }}
        />
        {/* Starts the page's scripts once it has painted (see ~/lib/deferred-scripts). Only the
            server writes it: the browser keeps what it received. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? deferredBootScript : "" }}
        />
        <Meta />
        {/* Styles need no nonce (style-src allows inline ones); without this, React Router's
            development-only critical CSS takes the nonce and mismatches on hydration. */}
        <Links nonce="" />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useSystemTheme(usePageTheme());
  // The page has hydrated: a button tapped before it did is clicked now. Not from inside this
  // effect: a button in a part hydrated on its own (BelowTheFold) is hydrated by React when the
  // click reaches it, which React cannot do while it is still running effects.
  useEffect(() => {
    const replay = setTimeout(() => window.__shopBoot?.replay());
    return () => clearTimeout(replay);
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refused request (4xx) keeps its status and says what was wrong.
  const { title, message } = routeErrorText(error);
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{message}</p>
      <ErrorReference />
      <a href="/" className="mt-8 inline-block text-primary underline">
        Return to Home
      </a>
    </main>
  );
}
