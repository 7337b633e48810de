import autocannon from "autocannon";

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * Requests per second and latency for one URL under `connections` concurrent connections for
 * `seconds`, after a short warm-up. The load generator runs on this machine, against loopback.
 */
export async function loadTest(
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
