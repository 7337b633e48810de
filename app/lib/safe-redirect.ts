/** Longer than any page address of the shop: anything past this is not one of ours. */
const MAX_TARGET_LENGTH = 2048;
/** Resolving against an origin of our own shows whether a target would leave it. */
const PROBE_ORIGIN = "http://same-origin.invalid";

/**
 * A redirect target taken from a request (`redirectTo`, `next`): a path on this shop, else
 * `fallback`. Browsers read `/\host` as `//host` (another site) and drop tabs and line breaks
 * (`/<tab>/host` too), so backslashes, control characters and spaces are refused outright;
 * then the target must resolve to this origin with a path that does not itself start with
 * `//` (as `/.//host` does), which a client-side navigation would again read as another site.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_TARGET_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // \s covers Unicode spaces as well, \p{Cc} every control character (NUL, tab, DEL, ...).
  if (/[\\\s\p{Cc}]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The back office's home, where a sign-in lands when no page was asked for. */
export const BACK_OFFICE_HOME = "/admin";

/**
 * A page of the back office to return to after signing in (`next`), else null: a target
 * `safeRedirectPath` keeps whose path is /admin or below it. Never the sign-in pages
 * (/admin-login...) themselves, nor a path a dot segment takes out of /admin.
 */
export function safeBackOfficePath(value: unknown): string | null {
  const kept = safeRedirectPath(value, "");
  if (!kept) return null;
  const { pathname } = new URL(kept, PROBE_ORIGIN);
  return pathname === BACK_OFFICE_HOME || pathname.startsWith(`${BACK_OFFICE_HOME}/`) ? kept : null;
}

/**
 * The address of the page a request asked for, as a `next` to come back to: its path without
 * React Router's data suffix and query (`.data`, `_routes`, `index`), and its own query.
 */
export function requestedPage(requestUrl: string): string {
  const url = new URL(requestUrl);
  const path = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The staff sign-in page, carrying the back-office page to return to (none for the home
 * page, or for a target that is not a safe back-office path).
 */
export function staffSignInPath(next?: string | null, base = "/admin-login"): string {
  const target = safeBackOfficePath(next);
  return target && target !== BACK_OFFICE_HOME
    ? `${base}?next=${encodeURIComponent(target)}`
    : base;
}
