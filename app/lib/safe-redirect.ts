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
