import autocannon from "autocannon";

/** What a phone's browser says it can take: pages go out compressed, as they do to shoppers. */
const PHONE_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * Requests per second and latency for one URL under `connections` concurrent connections for
 * `seconds`, after a short warm-up. The load generator runs on this machine, against loopback.
 */
export async function loadTest(
  url: string,
  connections: number,
  seconds: number,
  options: { uniqueAddresses?: boolean } = {},
): Promise<LoadResult> {
  // With uniqueAddresses every request adds an ignored `_` parameter of its own, so no two
  // requests share an address and each page is rendered anew (the render cache never answers;
  // the listing's data cache still does).
  let counter = 0;
  const unique = options.uniqueAddresses
    ? {
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              path: `${request.path}${request.path?.includes("?") ? "&" : "?"}_=${counter++}`,
            }),
          },
        ],
      }
    : {};
  const load = { url, connections, headers: PHONE_HEADERS, ...unique };
  await autocannon({ ...load, duration: 2 });
  const result = await autocannon({ ...load, duration: seconds });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
