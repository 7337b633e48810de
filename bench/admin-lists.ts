import { DEMO_OWNER } from "../app/domain/auth/demo-owner";

export type LatencyResult = { medianMs: number; p95Ms: number; requests: number };

/**
 * The back office's list pages with large tables, as staff load them: the owner signed in, one
 * request at a time (one process, no queueing), the whole server-rendered page read. Five warm-up
 * requests, then `requests` timed ones; median and 95th percentile in milliseconds.
 */
export async function benchAdminLists(
  base: string,
  pages: Record<string, string>,
  requests = 60,
): Promise<Record<string, LatencyResult>> {
  const cookie = await signInOwner(base);
  const results: Record<string, LatencyResult> = {};
  for (const [name, path] of Object.entries(pages)) {
    const times: number[] = [];
    for (let i = 0; i < requests + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        headers: { cookie, "accept-encoding": "gzip, br" },
      });
      const html = await response.text();
      if (response.status !== 200 || !html.includes("</html>")) {
        throw new Error(`${path} answered ${response.status}`);
      }
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results[name] = {
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      p95Ms: Math.round(times[Math.ceil(times.length * 0.95) - 1]!),
      requests,
    };
  }
  return results;
}

/** Signs the demo owner in; answers the session cookie. */
export async function signInOwner(base: string): Promise<string> {
  const response = await fetch(`${base}/admin-login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`The demo owner could not sign in (${response.status}).`);
  }
  return cookies.join("; ");
}
