import { Outlet, useRouteLoaderData } from "react-router";
import { BelowTheFold } from "~/components/store/below-the-fold";
import { ChatButton } from "~/components/store/chat-button";
import { NotFoundMessage } from "~/components/store/not-found-message";
import { SiteFooter } from "~/components/store/site-footer";
import { SiteHeader } from "~/components/store/site-header";
import { Toaster } from "~/components/store/toaster";
import {
  analyticsScript,
  getStoreSettings,
  publicStoreSettings,
} from "~/domain/settings/store-settings.server";
import type { Route } from "./+types/layout";
import { revalidateUnlessRefused } from "~/lib/connection-safe-action";
import { routeErrorText } from "~/lib/route-error";
import { pageTitle } from "~/lib/seo";
import { ErrorReference } from "~/lib/request-id";

export async function loader() {
  const settings = await getStoreSettings();
  // Both are part of the render cache's key: a saved change never gets an old page.
  return { settings: publicStoreSettings(settings), analytics: analyticsScript(settings) };
}

export const shouldRevalidate = revalidateUnlessRefused;

/** A page whose loader refused (an unknown product, a wrong order link) still has a title. */
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error
    ? [
        { title: pageTitle(matches, routeErrorText(error).title) },
        { name: "robots", content: "noindex" },
      ]
    : [];

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { analytics } = loaderData;
  return (
    <>
      {/* Only when the owner switched analytics on; the page's CSP allows it only then. */}
      {analytics && <script defer data-domain={analytics.domain} src={analytics.scriptUrl} />}
      <a
        href="#main"
        className="sr-only z-50 rounded bg-background p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <BelowTheFold>
        <SiteFooter />
      </BelowTheFold>
      <ChatButton />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Errors below the layout keep the shop's header and footer when the settings loaded.
  const data = useRouteLoaderData("routes/store/layout");
  const { status, title, message } = routeErrorText(error);
  const body =
    status === 404 ? (
      <NotFoundMessage />
    ) : (
      <div className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-4 text-muted-foreground">{message}</p>
        <ErrorReference />
        <a href="/" className="mt-6 inline-block text-primary underline underline-offset-4">
          Return to Home
        </a>
      </div>
    );
  if (!data) return <main id="main">{body}</main>;
  return (
    <>
      <SiteHeader />
      <main id="main">{body}</main>
      <SiteFooter />
      <ChatButton />
      <Toaster />
    </>
  );
}
