import { env, type Env } from "~/env.server";

/**
 * The shop's public origin for every absolute URL it writes (e-mailed links, payment providers'
 * return and notify URLs, canonical links, the sitemap): PUBLIC_URL, which production requires,
 * else http://localhost:PORT in development and tests. Never the request's Host header, which
 * whoever sends the request chooses.
 */
export function siteUrl(e: Env = env()): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}
