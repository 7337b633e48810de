import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { createCookie, redirect } from "react-router";
import { authSecret } from "~/env.server";

/**
 * A change on the Security tab or My account that replaces the session (a new password,
 * two-factor on or off) or shows backup codes answers with a redirect back to its page. A plain form post runs the
 * page's loaders in the same request as its action, still holding the old session cookie, which
 * by then signs nobody in; after the redirect they run with the new one. What the page says, and
 * the backup codes to show once, travel in this cookie: encrypted with the auth secret, for this
 * account only, five minutes at most, and cleared by the page that shows it.
 */
export type SecurityNotice = {
  ok: true;
  intent: string;
  message: { title: string; description: string };
  backupCodes?: string[];
};

const SECURITY_PATH = "/admin/settings/security";
const MAX_AGE_SECONDS = 5 * 60;

function noticeCookie(baseURL: string) {
  const secure = baseURL.startsWith("https://");
  return createCookie(secure ? "__Host-slumber-security" : "slumber-security", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

/**
 * The redirect to the page (the Security tab unless `path` says another): `headers` (the new
 * session's cookies) and the notice to show there.
 */
export async function backToSecurityTab(options: {
  userId: string;
  notice: SecurityNotice;
  baseURL: string;
  headers?: Headers;
  path?: string;
}) {
  const headers = new Headers(options.headers);
  const sealed = await symmetricEncrypt({
    key: authSecret(),
    data: JSON.stringify({ userId: options.userId, at: Date.now(), notice: options.notice }),
  });
  headers.append("set-cookie", await noticeCookie(options.baseURL).serialize(sealed));
  return redirect(options.path ?? SECURITY_PATH, { headers });
}

/**
 * The notice waiting for this account on this browser, if any, and the headers that clear it:
 * the page shows it once. One that cannot be read, is too old or is another account's is dropped.
 */
export async function takeSecurityNotice(options: {
  request: Request;
  userId: string;
  baseURL: string;
}): Promise<{ notice: SecurityNotice | null; headers: Headers }> {
  const cookie = noticeCookie(options.baseURL);
  const headers = new Headers();
  const sealed: unknown = await cookie.parse(options.request.headers.get("cookie"));
  if (typeof sealed !== "string" || !sealed) return { notice: null, headers };
  headers.append("set-cookie", await cookie.serialize("", { maxAge: 0 }));
  try {
    const opened = JSON.parse(await symmetricDecrypt({ key: authSecret(), data: sealed })) as {
      userId?: unknown;
      at?: unknown;
      notice?: SecurityNotice;
    };
    const fresh = typeof opened.at === "number" && Date.now() - opened.at < MAX_AGE_SECONDS * 1000;
    const mine = opened.userId === options.userId;
    return { notice: fresh && mine && opened.notice ? opened.notice : null, headers };
  } catch {
    return { notice: null, headers };
  }
}
