import { ErrorReference } from "~/lib/request-id";

/**
 * The storefront's "page not found" text: the not-found route's page, and the layout's own for a
 * 404 thrown by a page's loader. Kept out of the layout's route module, so that the layout's
 * file is not shared with another route (the bundler would leave it a re-export file of its own,
 * one more request on every storefront page).
 */
export function NotFoundMessage() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <ErrorReference />
      <a href="/" className="mt-6 text-primary underline underline-offset-4 hover:opacity-80">
        Return to Home
      </a>
    </div>
  );
}
