import { useEffect } from "react";
import { data } from "react-router";
import { NotFoundMessage } from "~/components/store/not-found-message";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/not-found";

/** Any address the shop does not have: a 404 page of its own, with its title. */
export function loader({ request }: Route.LoaderArgs) {
  // Logged as the request's line (route "*", status 404), without the address a visitor typed.
  const { pathname } = new URL(request.url);
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Page not found") },
  { name: "robots", content: "noindex" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  // The specification: the bad path goes to the browser's console too.
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${loaderData.pathname}`);
  }, [loaderData.pathname]);
  return <NotFoundMessage />;
}
