import { data } from "react-router";
import { NotFoundMessage } from "./layout";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  console.warn(`404 Not Found: ${url.pathname}`);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export default function NotFound() {
  return <NotFoundMessage />;
}
