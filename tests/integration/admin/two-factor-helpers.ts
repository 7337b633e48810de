import * as OTPAuth from "otpauth";
import { vi } from "vitest";
import * as security from "~/routes/admin/settings-security";
import { formRequest, routeOutcome, shopRequest } from "./helpers";

export const SECURITY_PATH = "/admin/settings/security";

/** The body of a loader's or action's answer, plain or wrapped in data(). */
export const body = (value: unknown) =>
  ((value as { data?: unknown } | undefined)?.data ?? value) as Record<string, unknown>;

/** The headers a data() answer or a thrown redirect carries. */
export function headersOf(value: unknown): Headers {
  if (value instanceof Response) return value.headers;
  const init = (value as { init?: { headers?: HeadersInit } } | undefined)?.init;
  return new Headers(init?.headers);
}

/** A browser's cookie jar: the Cookie header after these Set-Cookie headers. */
export function withCookies(cookie: string, headers: Headers): string {
  const jar = new Map<string, string>();
  for (const pair of cookie.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name) jar.set(name, rest.join("="));
  }
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const [name, ...rest] = pair!.trim().split("=");
    const value = rest.join("=");
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
    if (expired) jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

/** The code an authenticator app shows now for the key the page printed (groups of four). */
export function appCode(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")),
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A six-digit code that is not valid now (nor in the steps either side). */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((s) => appCode(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/**
 * A change answered with a redirect back to the tab (security-notice.server.ts): the browser's
 * cookies after it, and the tab it then shows, with its one-time notice.
 */
export async function followToTab(
  outcome: { returned?: unknown; thrown?: unknown },
  cookie: string,
) {
  const answer = outcome.returned ?? outcome.thrown;
  if (!(answer instanceof Response) || answer.headers.get("location") !== SECURITY_PATH) {
    throw new Error(`expected a redirect to the tab: ${JSON.stringify(answer)}`);
  }
  const next = withCookies(cookie, answer.headers);
  const { returned } = await page(next);
  const shown = body(returned) as Record<string, unknown> & {
    notice: { message: { title: string; description: string }; backupCodes?: string[] } | null;
  };
  return { cookie: withCookies(next, headersOf(returned)), page: shown, notice: shown.notice };
}

export const post = (fields: Record<string, string>, cookie?: string) =>
  routeOutcome(security.action, formRequest(SECURITY_PATH, fields, cookie), {});
export const page = (cookie?: string, path = SECURITY_PATH) =>
  routeOutcome(security.loader, shopRequest(path, { cookie }), {});

/**
 * Turns two-factor on through the Security tab as a person would: the password, the key the
 * page shows, the app's first code. Returns the new cookie, the key and the backup codes. It
 * happens `secondsAgo` (two minutes by default): each code works once, and the codes of the
 * steps around now are then still unused for the test's sign-ins.
 */
export async function enableTwoFactor(cookie: string, password: string, secondsAgo = 120) {
  if (secondsAgo) vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - secondsAgo * 1000 });
  try {
    return await turnOn(cookie, password);
  } finally {
    vi.useRealTimers();
  }
}

async function turnOn(cookie: string, password: string) {
  const started = await post({ intent: "start-two-factor", password }, cookie);
  if (body(started.returned).ok !== true) throw new Error(JSON.stringify(started));
  const pending = body((await page(cookie)).returned) as { setup: { secret: string } | null };
  const secret = pending.setup!.secret;
  const confirmed = await post({ intent: "confirm-two-factor", code: appCode(secret) }, cookie);
  const after = await followToTab(confirmed, cookie);
  return { cookie: after.cookie, secret, backupCodes: after.notice!.backupCodes! };
}
