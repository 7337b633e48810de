import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createOwner, signUpWithPassword } from "~/domain/auth/accounts.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import type { Role } from "~/domain/auth/roles";

export const BASE_URL = "http://shop.test";
let addressCounter = 0;

/** A request to the shop, with a session cookie when given one. */
export function shopRequest(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${BASE_URL}${path}`, { ...init, headers });
}

/** A posted form, as the browser sends it. */
export function formRequest(path: string, fields: Record<string, string>, cookie?: string) {
  return shopRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie });
}

/** The `name=value` pairs of Set-Cookie headers, ready for a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** Creates an account with `role` and signs it in; returns its session cookie. */
export async function signedIn(role: Role, email = `${role}-${crypto.randomUUID()}@example.com`) {
  const password = "correct-horse";
  if (role === "owner") await createOwner({ email, password, baseURL: BASE_URL });
  else {
    await signUpWithPassword({ email, password, baseURL: BASE_URL });
    await db().update(users).set({ role }).where(eq(users.email, email));
  }
  const result = await signInWithPassword({
    email,
    password,
    rememberMe: true,
    request: shopRequest("/auth"),
    baseURL: BASE_URL,
    clientAddress: `10.0.0.${++addressCounter}`,
  });
  if (!result.ok) throw new Error(`Could not sign in ${email}: ${result.message}`);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie: cookieFrom(result.headers), email, password, user: user! };
}

/** A route module's loader or action, as the role tests call it. */
export type RouteHandler = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;

/** What a loader or action threw (a Response or data() result), or what it returned. */
export async function routeOutcome(
  handler: unknown,
  request: Request,
  params: Record<string, string>,
) {
  try {
    const returned = await (handler as RouteHandler)({
      request,
      params,
      context: { clientAddress: "10.1.1.1" },
    });
    return { returned };
  } catch (thrown) {
    return { thrown };
  }
}

/** The status a thrown or returned answer carries: a Response's, a data() result's, else 200. */
export const statusOf = (value: unknown) =>
  value instanceof Response
    ? value.status
    : ((value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);

/**
 * Where the back office's gate sends a signed-out request: the staff sign-in page, with the
 * back-office page asked for (none for the dashboard) to return to after signing in.
 */
export const STAFF_SIGN_IN = /^\/admin-login(\?next=%2Fadmin(%2F|%3F)[^&\s]*)?$/;
