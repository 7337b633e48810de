import { env } from "~/env.server";

/** The shop's public address for links in e-mails: PUBLIC_URL, else the request's origin. */
export function siteUrl(request: Request): string {
  return (env().PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "");
}
